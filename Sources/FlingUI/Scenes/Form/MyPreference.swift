// MyPreference: the preference types the form publishes for its mini-map (view kinds, bounds
// anchors, each one's colour and whether it shows) and the seed's named colours.
import FlingCore

// Seed 002, "Communicating with the view tree, part 3": the types the form publishes.
// Names follow the seed so a reader can put the two side by side.

enum MyViewType: Equatable {
    case formContainer // main container
    case fieldContainer // contains a text label + text field
    case field(Int) // text field (with an associated value that indicates the character count in the field)
    case title // form title
    case miniMapArea // view placed behind the minimap elements

    /// The name in state dumps.
    var kind: String {
        switch self {
        case .formContainer: "formContainer"
        case .fieldContainer: "fieldContainer"
        case .field: "field"
        case .title: "title"
        case .miniMapArea: "miniMapArea"
        }
    }
}

struct MyPreferenceData: Equatable {
    let vtype: MyViewType
    let bounds: Anchor<Rect>

    // Calculate the color to use in the minimap, for each view type
    func getColor() -> Color {
        switch vtype {
        case .field(let length):
            return length == 0 ? .red : (length < 3 ? .yellow : .green)
        case .title:
            return .purple
        default:
            return .gray
        }
    }

    // Returns true, if this view type must be shown in the minimap.
    // Only fields, field containers and the title are shown in the minimap
    func show() -> Bool {
        switch vtype {
        case .field:
            return true
        case .title:
            return true
        case .fieldContainer:
            return true
        default:
            return false
        }
    }
}

struct MyPreferenceKey: PreferenceKey {
    typealias Value = [MyPreferenceData]

    static var defaultValue: [MyPreferenceData] { [] }

    static func reduce(value: inout [MyPreferenceData], nextValue: () -> [MyPreferenceData]) {
        value.append(contentsOf: nextValue())
    }
}

/// SwiftUI's named colours as the seed uses them (`.red`, `.purple`…): iOS system colours.
extension Color {
    static let red = SystemColor.red
    static let yellow = SystemColor.yellow
    static let green = SystemColor.green
    static let purple = SystemColor.purple
    static let gray = SystemColor.gray

    /// The seed's colour names, for state dumps.
    var seedName: String {
        switch self {
        case .red: "red"
        case .yellow: "yellow"
        case .green: "green"
        case .purple: "purple"
        default: "gray"
        }
    }
}
