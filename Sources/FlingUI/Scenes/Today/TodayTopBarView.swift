// TodayTopBarView: the Today scene's top bar from seed 004: the date over "Today" and the round
// avatar on the right.
import FlingCore

/// Seed 004's `TopBarView` on the view tree: the date (caption, secondary) over "Today"
/// (largeTitle, heavy), and on the right the avatar sitting on the last text baseline.
struct TopBarView: View {
    let date: String

    var body: some View {
        HStack(alignment: .lastTextBaseline) {
            VStack(alignment: .leading, spacing: CardConstants.topBarGap) {
                Text(date.uppercased())
                    .font(.caption)
                    .foregroundColor(SystemColor.secondaryLabel)
                    .accessibilityLabel(date)   // read as written, not letter by letter
                Text("Today")
                    .font(Font(size: CardConstants.largeTitleSize, weight: .heavy))
                    .foregroundColor(SystemColor.label)
                    .accessibilityAddTraits(.isHeader)
            }

            Spacer()

            AvatarView(image: "avatar.png", width: CardConstants.avatarSize, height: CardConstants.avatarSize)
        }
        .padding(.horizontal, CardConstants.sidePadding)
        // The host centres what it is given; the bar hangs from the top of its area.
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
    }
}

/// Seed 004's `AvatarView`: a round photo with a 1 pt gray ring.
struct AvatarView: View {
    let image: String
    let width: Double
    let height: Double

    var body: some View {
        Image(image)
            .resizable()
            .scaledToFill()
            .cornerRadius(min(width, height) / 2)   // seed: .clipShape(Circle())
            .frame(width: width, height: height)
            .overlay(Circle().stroke(SystemColor.gray, lineWidth: 1))
    }
}
