// CompactContentView: the form of seed 002 at compact widths (a phone, a narrow kiosk): the
// mini-map in a band above the form, the field rows stacked, the same preferences published.
import FlingCore

/// SwiftUI's `UserInterfaceSizeClass`, as the form's scene decides it from its width (UIKit
/// gives an app its window's; this tree has none, so the width decides, at the width the
/// seed's regular layout needs).
enum UserInterfaceSizeClass: Equatable {
    case compact
    case regular

    init(width: Double) {
        self = width < FormLayoutConstants.compactBreakpoint ? .compact : .regular
    }
}

/// `ContentView`'s compact branch: the seed's views rearranged, not redrawn. The gray area,
/// the title, every `MyFormField` and the form container publish the same preferences as in
/// the seed, in the same order, and the same `MiniMap` draws them, so the mini-map shows this
/// compact form (it knows nothing about either layout). The title's preference and the
/// switch-and-slider row repeat the seed's lines on purpose: `regularBody` stays the seed's
/// code line for line, so a reader can hold each layout beside the seed.
struct CompactContentView: View {
    @Binding var fieldValues: [String]
    @Binding var length: Double
    @Binding var twitterFieldPreset: Bool
    /// The width the form is laid out in (the window's).
    let width: Double

    /// The form container's width: the window's less the margins.
    private var formWidth: Double { max(0, width - 2 * FormLayoutConstants.compactMargin) }

    var body: some View {
        // No spacing of its own: the band's padding sets the gap between the mini-map and the form.
        VStack(spacing: 0) {
            // The gray area where the minimap elements will be, centred in a band above the
            // form. Its width makes the seed's factor (form width / (area width − 10)) a third.
            Color(white: 0.7)
                .frame(width: formWidth * FormLayoutConstants.miniMapScale + FormLayoutConstants.miniMapInset,
                       height: FormLayoutConstants.miniMapAreaHeight)
                .anchorPreference(key: MyPreferenceKey.self, value: .bounds) {
                    return [MyPreferenceData(vtype: .miniMapArea, bounds: $0)]
                }
                .padding(.vertical, FormLayoutConstants.bandPadding)

            // Form Container
            VStack(alignment: .leading) {
                // Title: wraps, then shrinks, on a narrow screen (never cut to "He…").
                VStack {
                    Text("Hello \(fieldValues[0]) \(fieldValues[1]) \(fieldValues[2])")
                        .font(.title).fontWeight(.bold)
                        .lineLimit(FormLayoutConstants.titleLineLimit)
                        .minimumScaleFactor(FormLayoutConstants.titleMinimumScale)
                        .multilineTextAlignment(.center)
                        .accessibilityAddTraits(.isHeader)
                        // Its own height whatever the page's stack offers: only the width
                        // and the line limit shrink it (a shrinking text fits the height it
                        // is offered, and the stack would share the window's out).
                        .fixedSize(horizontal: false, vertical: true)
                        .anchorPreference(key: MyPreferenceKey.self, value: .bounds) {
                            return [MyPreferenceData.init(vtype: .title, bounds: $0)]
                        }
                    Divider()
                }

                // Switch + Slider
                HStack {
                    Toggle(isOn: $twitterFieldPreset) { Text("") }
                        .accessibilityLabel("Twitter Field")

                    Slider(value: $length, in: 360...540).layoutPriority(1)
                        .accessibilityLabel("Second Row Width")
                }.padding(.bottom, 5)

                // The first row of text fields, one per row
                MyFormField(fieldValue: $fieldValues[0], label: "First Name")
                MyFormField(fieldValue: $fieldValues[1], label: "Middle Name")
                MyFormField(fieldValue: $fieldValues[2], label: "Last Name")

                // The second row, one per row; the slider sets its share of the width as it
                // sets the seed's row (360…540 of the 540 pt first row).
                MyFormField(fieldValue: $fieldValues[3], label: "Email")
                    .frame(width: formWidth * length / 540)

                if twitterFieldPreset {
                    MyFormField(fieldValue: $fieldValues[4], label: "Twitter")
                        .frame(width: formWidth * length / 540)
                }

            }
            .frame(width: formWidth)
            .transformAnchorPreference(key: MyPreferenceKey.self, value: .bounds) {
                $0.append(MyPreferenceData(vtype: .formContainer, bounds: $1))
            }
            .padding(.bottom, FormLayoutConstants.compactBottomPadding)

            Spacer(minLength: 0)
        }
        .overlayPreferenceValue(MyPreferenceKey.self) { preferences in
            GeometryReader { geometry in
                MiniMap(geometry: geometry, preferences: preferences)
            }
        }
        .background(Color(white: 0.8))
    }
}
