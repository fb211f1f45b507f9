// FormContentView: the form scene's views from seed 002: the labelled text fields, the toggle
// and slider, and the anchor preferences that feed the mini-map.
import FlingCore

// Seed 002's views, line for line. Differences from the seed, each forced by the platform:
// `@State var length` is a Double (our Slider's value type); there is no
// `.edgesIgnoringSafeArea(.all)` because a desktop window has no safe areas; the preference
// data has no UUID because `onPreferenceChange` needs equal values to compare equal.
// One addition, not in the seed: on a compact width (a phone) `body` takes the
// `CompactContentView` branch, as a SwiftUI app checking `horizontalSizeClass` would; the
// seed's body is `regularBody`, unchanged.

// This view draws a rounded box, with a label and a textfield
struct MyFormField: View {
    @Binding var fieldValue: String
    let label: LocalizedStringKey

    var body: some View {
        VStack(alignment: .leading) {
            Text(label)
                .accessibilityHidden(true)   // it names the field instead
            TextField("", text: $fieldValue)
                .textFieldStyle(RoundedBorderTextFieldStyle())
                .accessibilityLabel(label)
                .anchorPreference(key: MyPreferenceKey.self, value: .bounds) {
                    return [MyPreferenceData(vtype: .field(self.fieldValue.count), bounds: $0)]
                }
        }
        .padding(15)
        .background(RoundedRectangle(cornerRadius: 15).fill(Color(white: 0.9)))
        .transformAnchorPreference(key: MyPreferenceKey.self, value: .bounds) {
            $0.append(MyPreferenceData(vtype: .fieldContainer, bounds: $1))
        }
    }
}

struct ContentView: View {
    @State var fieldValues = Array<String>(repeating: "", count: 5)
    @State var length: Double = 360
    @State var twitterFieldPreset = false

    /// SwiftUI's `@Environment(\.horizontalSizeClass)` and the width it came from: the scene
    /// sets them from its size (this tree has no `@Environment` for composite views).
    var horizontalSizeClass: UserInterfaceSizeClass = .regular
    var width: Double = 0

    /// The fields' labels in `fieldValues` order (the state dump names fields by them).
    static let labels = ["First Name", "Middle Name", "Last Name", "Email", "Twitter"]

    /// This view for a width: compact below the width the regular layout needs.
    func sized(toWidth width: Double) -> ContentView {
        var v = self
        v.horizontalSizeClass = UserInterfaceSizeClass(width: width)
        v.width = width
        return v
    }

    var body: some View {
        if horizontalSizeClass == .compact {
            CompactContentView(fieldValues: $fieldValues, length: $length, twitterFieldPreset: $twitterFieldPreset, width: width)
        } else {
            regularBody
        }
    }

    // The seed's ContentView body.
    var regularBody: some View {

        VStack {
            Spacer()

            HStack(alignment: .center) {

                // This view puts a gray rectangle where the minimap elements will be.
                // We will reference its size and position later, to make sure the mini map elements
                // are overlayed right on top of it.
                Color(white: 0.7)
                    .frame(width: 200)
                    .anchorPreference(key: MyPreferenceKey.self, value: .bounds) {
                        return [MyPreferenceData(vtype: .miniMapArea, bounds: $0)]
                    }
                    .padding(.horizontal, 30)

                // Form Container
                VStack(alignment: .leading) {
                    // Title
                    VStack {
                        Text("Hello \(fieldValues[0]) \(fieldValues[1]) \(fieldValues[2])")
                            .font(.title).fontWeight(.bold)
                            .accessibilityAddTraits(.isHeader)
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

                    // First row of text fields
                    HStack {
                        MyFormField(fieldValue: $fieldValues[0], label: "First Name")
                        MyFormField(fieldValue: $fieldValues[1], label: "Middle Name")
                        MyFormField(fieldValue: $fieldValues[2], label: "Last Name")
                    }.frame(width: 540)

                    // Second row of text fields
                    HStack {
                        MyFormField(fieldValue: $fieldValues[3], label: "Email")

                        if twitterFieldPreset {
                            MyFormField(fieldValue: $fieldValues[4], label: "Twitter")
                        }

                    }.frame(width: length)

                }.transformAnchorPreference(key: MyPreferenceKey.self, value: .bounds) {
                    $0.append(MyPreferenceData(vtype: .formContainer, bounds: $1))
                }

                Spacer()

            }
            .overlayPreferenceValue(MyPreferenceKey.self) { preferences in
                GeometryReader { geometry in
                    MiniMap(geometry: geometry, preferences: preferences)
                }
            }

            Spacer()
        }.background(Color(white: 0.8))
    }
}
