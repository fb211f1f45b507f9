/// Every tunable number of the interface outside the motion physics, in one place, each with
/// where it comes from. (Motion constants: `MotionConstants`.)
public enum InteractionConstants {
    /// Pt scrolled per wheel notch (GTK and Chromium use ~50–53 px per notch at 1×).
    public static let wheelNotch: Double = 50
    /// How long a scripted `tap` holds the pointer down (a script's tap: up at t + 0.05 s).
    public static let scriptTapDuration: Double = 0.05
    /// Limits that keep bad input from crashing SDL or running forever: a side of at most
    /// 16384 device pixels (SDL's texture limit) and a frame under 2 GiB of pixels.
    public static let maxPixelSide: Double = 16384
    public static let maxPixelBytes: Double = 2_147_483_647
    /// Scripts, recordings and metrics files are read up to this many bytes (256 MiB: a week of
    /// a busy kiosk's recording is far less); /dev/zero or an endless pipe named as one is
    /// refused there instead of filling memory.
    public static let maxUserFileBytes = 256 << 20
    /// The data files (restaurants.json, articles.json) are read up to this many bytes: 128 MiB
    /// holds 100,000 restaurants with a paragraph each. A bigger one (a million rows, 787 MB,
    /// took over a minute and 3.5 GB to start) is refused with its size, not left to run.
    public static let maxDataFileBytes = 128 << 20
    /// A data file's rows are built when shown, and this many of the latest kept built: a
    /// 1080×1920 list shows about 25 rows, and the rows near it, a sheet's row and a screen
    /// reader's walk fit many times over, even in a list of 100,000 rows.
    public static let builtRowsKept = 512
    /// A file written as the app runs may be a pipe (`--metrics /dev/stdout | jq`): lines wait
    /// in memory while its reader is behind, up to this many bytes (minutes of a busy session's
    /// recording); past it the reader is taken as stuck and the file stops, said once, so a
    /// reader that stopped reading never stalls the frame loop or fills memory.
    public static let pipeBacklogBytes = 4 << 20
    /// At the end of a run, how long the lines still waiting may take to reach a pipe's reader
    /// before they are given up (said): a stuck reader cannot keep the app from exiting.
    public static let pipeDrainSeconds: Double = 2
    /// A study trial's checkpoint waits for the trial's last gesture to settle (its lines come
    /// then), at most this long: a sheet moved by a key or a resize never reports a settle, and
    /// the last trial's checkpoint would wait for the end of the run.
    public static let studyCheckpointWait: Double = 3
    /// Scripts: coordinates within ±1e6 pt, times and drag durations within an hour.
    public static let maxScriptCoordinate: Double = 1_000_000
    public static let maxScriptTime: Double = 3600
    /// What one text field holds, in characters: typing or a paste past it stops
    /// there and the field says so. A one-line field of names and handles needs far less;
    /// at this length every keystroke still draws within a frame.
    public static let maxFieldCharacters = 10_000
    /// What is read of an X clipboard too big for SDL (INCR): 1 MiB holds a full field's
    /// 10,000 characters many times over, even in 4-byte scripts; the rest is never read.
    public static let clipboardReadBytes = 1 << 20
    /// What a string of the data files may hold, in characters: a title or label (name,
    /// type, headline…) and a body (a restaurant's description, a story's content). Longer
    /// ones are cut there with a warning naming the file, item and field. A body
    /// of 200,000 characters scrolls at a short one's cost a frame; it is set once,
    /// when first shown (about 60 ms at 390 pt).
    public static let maxDataLabelCharacters = 1_000
    public static let maxDataBodyCharacters = 200_000
    /// The latest time in a recording `fling replay` reads: a kiosk records for as long as it
    /// runs; a week (the replay runs every frame of it, headless).
    public static let maxRecordingTime: Double = 7 * 24 * 3600

    /// Why a window of `size` pt at `scale` px/pt cannot be drawn, or nil if it can.
    public static func pixelSizeProblem(_ size: Size, scale: Double) -> String? {
        let w = (size.width * scale).rounded(), h = (size.height * scale).rounded()
        if w > maxPixelSide || h > maxPixelSide {
            return "\(Int(size.width))x\(Int(size.height)) pt at scale \(scale) is \(Int(w))x\(Int(h)) px; at most \(Int(maxPixelSide)) px a side"
        }
        if w * h * 4 > maxPixelBytes {
            return "\(Int(size.width))x\(Int(size.height)) pt at scale \(scale) needs \(Int(w * h * 4 / 1_048_576)) MiB a frame; at most 2 GiB"
        }
        return nil
    }
}

/// Layout metrics of the iOS screens (iPhone sizes and UIKit's standard list metrics).
public enum LayoutMetrics {
    /// Window size by default: an iPhone 14-class portrait screen.
    public static let defaultWindowSize = Size(390, 844)
    /// The smallest window: the narrowest iPhone (320 pt, iPhone SE 1st generation) by the
    /// original iPhone's 480 pt. Every scene lives in it: four tab labels side by side, the
    /// sheet's detents, the Today cards (at 120 × 120 the labels overlapped).
    /// `--size` refuses less and the window cannot be made smaller.
    public static let minimumWindowSize = Size(320, 480)
    /// UIKit's default leading margin of list rows and titles.
    public static let margin: Double = 20
    /// The large navigation title block under the 44 pt bar: the 34 pt title (UINavigationBar).
    public static let largeTitleHeight: Double = 52
    /// A restaurant row: 60 pt thumbnail, 12 pt inner gap (a subtitle cell with image).
    public static let rowHeight: Double = 84
    /// Larger text (`--text-size`, the desktop's text scaling factor): the scale of the text
    /// styles, 1 (iOS's default "Large") to 2 (about iOS's largest accessibility size for body).
    public static let textSizeRange = 1.0...2.0
    /// The text of a row at scale 1, from the name's ascent to the detail's descent (pt): what
    /// grows with the text.
    public static let rowTextBlock: Double = 38
    /// A restaurant row at a text scale: it grows with its two lines, as a self-sizing cell does.
    public static func rowHeight(textScale s: Double) -> Double { (rowHeight + max(0, s - 1) * rowTextBlock).rounded() }
    public static let thumbnailSize: Double = 60
    public static let thumbnailRadius: Double = 8
    public static let rowImageTextGap: Double = 14
    /// The tab bar: 49 pt of bar plus the home-indicator inset of a notched iPhone.
    public static let tabBarHeight: Double = 49
    public static let tabBarBottomInset: Double = 34
    /// Where a view's frame stops when layout arithmetic makes it infinite (a size divided by
    /// a zero width); a NaN becomes 0. Far past any window (`--size` goes to 8192 pt) and any
    /// script coordinate (±1e6 pt), and still a whole number of pixels at any scale.
    public static let maxLayoutCoordinate: Double = 1_000_000
}

/// The bottom sheet's numbers (seeds 000 and 001, UIKit's sheets), with their sources.
public enum SheetConstants {
    /// Seed 000: the full detent puts the sheet's top 50 pt below the window's top.
    public static let fullTop: Double = 50
    /// The shortest a chosen detent may be: the grabber and a row (UIKit's sheets keep the
    /// grabber's 44 pt target on screen).
    public static let minimumDetentHeight: Double = 88
    /// Seed 001's anchors on its 844 pt phone, scaled with the window height.
    public static let twoStageFullTop: Double = 130
    public static let twoStageExpandedTop: Double = 400
    public static let twoStageReferenceHeight: Double = 844
    /// The dim behind the sheet at the half (or expanded) detent (seed 000: black at 50 %).
    public static let dimOpacity: Double = 0.5
    /// The list behind moves up by this while a sheet shows (seed 000; its ease-out is `MotionConstants.sheetListShiftDuration`).
    public static let listShift: Double = -100
    /// The sheet's fixed top (handlebar) area; everything below it scrolls.
    public static let handleAreaHeight: Double = 20
    /// Sheets stop widening here on wide windows (iPadOS form sheets are about this wide).
    public static let maxWidth: Double = 720
}

/// The Today cards' numbers (mostly seed 004's), with their sources.
public enum CardConstants {
    /// Seed 004: a card is min(image height / 3, 500) pt tall.
    public static let imageHeightDivisor: Double = 3
    public static let maxCardHeight: Double = 500
    public static let sidePadding: Double = 20
    public static let spacing: Double = 40
    public static let cornerRadius: Double = 15
    /// Seed 004: border rgb(150,150,150) at 10 %, shadow rgb(64,64,64) at 30 %, radius 15.
    public static let borderColor = Color(r: 150 / 255, g: 150 / 255, b: 150 / 255, a: 0.1)
    public static let shadowColor = Color(r: 64 / 255, g: 64 / 255, b: 64 / 255, a: 0.3)
    public static let shadowRadius: Double = 15
    /// The excerpt panel's height range (seed 004: `Rectangle().frame(minHeight: 100,
    /// maxHeight: 150)` under a `Spacer`, so it takes 150 pt wherever the image is that tall,
    /// expanded too).
    public static let excerptMinHeight: Double = 100
    public static let excerptMaxHeight: Double = 150
    /// The excerpt's text inset (seed: `.padding()`, 16 pt) and its gaps: 4 pt under the
    /// category, 5 pt under the headline (seed: `.padding(.bottom, 5)`).
    public static let excerptPadding: Double = 16
    public static let categoryGap: Double = 4
    public static let headlineGap: Double = 5
    /// Seed 004: the headline `.lineLimit(2)`, the sub-headline `.lineLimit(3)`, both
    /// `.minimumScaleFactor(0.1)`: set at full size, they shrink (down to 10 %) into the
    /// height the panel's stack gives them before a line is cut with "…".
    public static let headlineLineLimit = 2
    public static let subHeadlineLineLimit = 3
    public static let excerptMinimumScale: Double = 0.1
    /// Excerpt layouts kept (one per card and width; a resize adds a set).
    public static let excerptLayoutCacheLimit = 64
    /// A card in the one-column list is never shorter than this: the 150 pt excerpt panel
    /// (the Today scene as described: "a white panel 100–150 pt high" over the bottom of the
    /// image) and as much photo above it. Seed 004's min(image height / 3, 500) gives that only
    /// from a photo at least 900 px tall; from a shorter one the panel covers more than half of
    /// the card that "its image fills", or all of it. Five of the ten bundled heroes are
    /// shorter, and their cards are raised to 300 pt (a deviation from the seed) from (article:
    /// photo, px high → seed 004's height):
    /// - 5 "Countdown to Lift-Off": rocket-launch.jpg, 427 → 142.3 pt, a panel 142 pt high:
    ///   no photo at all;
    /// - 6 "Cook Like You Have a Plan": restaurants/kitchen.jpg, 360 → 120 pt: no photo;
    /// - 7 "Drink Up, One Cup at a Time": restaurants/colorful-cups.jpg, 750 → 250 pt: 100
    ///   pt of photo under a 150 pt panel;
    /// - 8 "Stillwater Learns to Listen": restaurants/waterfront-deck.jpg, 750 → 250 pt: the
    ///   same;
    /// - 9 "Eat with the Seasons": restaurants/citrus.jpg, 791 → 263.7 pt: 113.7 pt of photo.
    /// The other five (mountain-trail, paint-brushes, boats-sunset, bridge-night,
    /// autumn-mountains: 953–1200 px) keep seed 004's height, 317.7–400 pt. Wide windows' grids
    /// make every card 500 pt (`gridCardHeight`). Also in Resources/CREDITS.md's note.
    public static let minCardHeight: Double = 2 * excerptMaxHeight
    /// Expanded, the image takes 70 % of the window height.
    public static let expandedImageShare: Double = 0.7
    /// From this much of its expansion on, a card counts as covering the window: its story is
    /// opaque, the list behind it has faded out and the tab bar has left. The card spring's
    /// swing back short of full (0.46 % at damping 0.65) then changes none of them, where it
    /// used to leave the story at 254/255 (every line blended instead of copied), the list at
    /// a 1/255 fade (a full tint pass of it a frame) and 0.4 pt of tab bar, for eight frames.
    /// Each fade differs by at most 2 % on the way.
    public static let coversWindowAt: Double = 0.98
    /// Close button, as seed 004 draws it: `Image(systemName: "xmark.circle.fill")
    /// .font(.system(size: 26)).foregroundColor(.white).opacity(0.7)` in an HStack padded 50 pt
    /// from the top and 16 pt from the right (`.padding(.trailing)`): a 26 pt white circle at
    /// 70 % whose × is cut out, so the photo shows through it, and no shadow (the Today scene
    /// as described: "a filled circle with an ×, 26 pt, white at 70 % alpha, 50 pt from the
    /// top"). Like the seed's, it fades into white content scrolled under it; an earlier
    /// deviation had made it 90 % white with a dark × and a shadow, which neither the seed nor
    /// the description has.
    public static let closeButtonSize: Double = 26
    public static let closeButtonTop: Double = 50
    public static let closeButtonTrailing: Double = 16
    public static let closeButtonColor = Color.white
    public static let closeButtonOpacity: Double = 0.7
    /// The glyph: Material's "cancel", xmark.circle.fill's shape (a filled circle, the ×
    /// knocked out). Its circle spans 20 of the icon's 24 units, so it is set at 26 × 24 / 20
    /// pt for a 26 pt circle.
    public static let closeButtonGlyphSize: Double = closeButtonSize * 24 / 20
    /// The close button fades in over the second half of the expansion and out over the
    /// first 60 pt of a pull.
    public static let closeButtonFadePull: Double = 60
    /// Its hit area reaches 12 pt past the circle (a 50 pt target, as UIKit asks for 44).
    public static let closeButtonHitSlop: Double = 12
    /// Pulled down, the card lifts off the list dimmed by up to 25 % black (App Store).
    public static let pullDim: Double = 0.25
    /// The list behind a zooming card is dimmed by up to 20 % black, less as a pull shrinks
    /// the card (UIKit's dimming view under a zoom).
    public static let zoomBackdropDim: Double = 0.2
    /// Wide windows (kiosks) lay the cards out as the App Store does on iPad: a grid of equal
    /// rows, columns at least this wide (4 at 1920 pt, 2 at 1080 pt), every card this tall
    /// (the seed's 500 pt cap), 20 pt gutters and 40 pt between rows (one of Today's
    /// deviations from the seed).
    public static let gridMinColumnWidth: Double = 440
    public static let gridCardHeight: Double = 500
    public static let wideWindow: Double = 700
    /// Expanded text column at most this wide, centred.
    public static let maxTextWidth: Double = 700
    /// Seed: the story is `.padding(.horizontal)` (16 pt a side) and `.padding(.bottom, 50)`,
    /// 16 pt under the image; while the card grows it slides up these 40 pt into place
    /// (`.transition(.move(edge: .bottom))`, shortened to the card's own travel).
    public static let storyInset: Double = 16
    public static let storyBottomPadding: Double = 50
    public static let storySlide: Double = 40
    /// Seed 004 drops the sub-headline once the story shows (`if !self.isShowContent`): it
    /// fades out over the first half of the card's growth, and the story rises with the card's
    /// spring into the room it leaves, to `storyInset` under the headline, which stays put.
    public static let subHeadlineFadeEnd: Double = 0.5
    /// The story's body (17 pt, rounded) on 24 pt lines, iOS's body leading.
    public static let storyLineHeight: Double = 24.0 / 17
    /// Top bar (seed `TopBarView`): 20 pt from the top, the date 2 pt over "Today" (34 pt
    /// heavy, largeTitle), a 40 pt avatar.
    public static let topBarTop: Double = 20
    public static let topBarGap: Double = 2
    public static let largeTitleSize: Double = 34
    public static let avatarSize: Double = 40
    /// An image whose size cannot be read counts as this many px tall (a 300 pt card).
    public static let unknownImageHeight: Double = 900
    /// Keys in an open story: arrows scroll a line of 60 pt, Page Up/Down 80 % of the window.
    public static let keyScrollStep: Double = 60
    public static let pageScrollShare: Double = 0.8
    /// The list scrolls a card into view when it is closer than this to an edge.
    public static let scrollIntoViewMargin: Double = 20
    /// Cards this far outside the list are not drawn (their shadow reaches 15 pt out).
    public static let cullMargin: Double = 30
    /// The keyboard focus ring: 4 pt outside the card, 3 pt wide (iPadOS).
    public static let focusRingInset: Double = 4
    public static let focusRingWidth: Double = 3
}

/// The form widgets' metrics and motion, each as iOS draws it.
public enum WidgetMetrics {
    // MARK: Text field (UITextField .roundedRect)
    /// Height of a rounded-border field at the body size: 34 pt (UIKit's intrinsic height).
    public static let textFieldHeight: Double = 34
    /// Text inset from the border, left and right (UIKit: 7 pt).
    public static let textFieldInset: Double = 7
    public static let textFieldRadius: Double = 5
    /// The border: systemGray4-like hairline gray (UIKit's rounded-rect border).
    public static let textFieldBorder = Color(hex: 0xC8C7CC)
    /// Ideal width of a field offered no width (a few characters; it grows to what it is given).
    public static let textFieldIdealWidth: Double = 100
    /// The sentence under a field that refused text past its limit: iOS's footnote-sized
    /// caption (UIFont.TextStyle.caption2, 11 pt) in the 15 pt the form's row leaves below.
    public static let fieldNoticeFontSize: Double = 11
    public static let fieldNoticeHeight: Double = 15
    /// The caret: 2 pt wide, in the tint colour; a full blink cycle is 1 s (on 0.5 s, off 0.5 s).
    public static let caretWidth: Double = 2
    public static let caretBlinkPeriod: Double = 1.0
    /// Selected text is backed by the tint at this alpha (iOS selection highlight).
    public static let selectionAlpha: Double = 0.2
    /// The composition (IME marked text) underline thickness.
    public static let compositionUnderline: Double = 1

    // MARK: Switch (UISwitch)
    /// UISwitch's fixed size: 51 × 31 pt, the thumb 27 pt with a 2 pt inset.
    public static let switchSize = Size(51, 31)
    public static let switchThumb: Double = 27
    public static let switchInset: Double = 2
    /// Off track fill (systemGray5 at rest, as iOS 13+ draws the off switch).
    public static let switchOffTrack = Color(hex: 0xE9E9EB)

    // MARK: Slider (UISlider)
    /// UISlider's intrinsic height 31 pt; a 28 pt thumb; a 4 pt track with round caps.
    public static let sliderHeight: Double = 31
    public static let sliderThumb: Double = 28
    public static let sliderTrack: Double = 4
    public static let sliderMaxTrack = Color(hex: 0xE5E5EA)
    /// Ideal width of a slider offered no width.
    public static let sliderIdealWidth: Double = 200
    /// Left/Right move a focused slider by this share of its range (iOS has no keyboard
    /// control; this is macOS NSSlider's feel: 20 steps end to end).
    public static let sliderKeyStep: Double = 0.05

    // MARK: Shared
    /// Controls take presses over at least 44 × 44 pt (Apple HIG minimum hit target).
    public static let minimumHitSize: Double = 44
    /// Thumb shadows: black at 15 %, 3 pt blur, 2 pt down (UIKit's switch and slider thumbs).
    public static let thumbShadow = Color(white: 0, alpha: 0.15)
    public static let thumbShadowRadius: Double = 3
    public static let thumbShadowOffset = Point(0, 2)
    /// The keyboard focus ring (iPadOS): 3 pt systemBlue, 3 pt outside the control.
    public static let focusRingWidth: Double = 3
    public static let focusRingOutset: Double = 3
    public static let focusRingRadius: Double = 8
    /// Scrolling a focused field into view leaves this much room around it.
    public static let revealMargin: Double = 16
}
