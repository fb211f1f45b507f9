// KeyboardConstants: every number of the on-screen keyboard: key sizes and gaps for
// the iPhone and iPad layouts, its animation, long press, double tap and backspace repeat.

/// The on-screen keyboard's numbers, each with where it comes from. Sizes are UIKit's light
/// keyboard as measured on iPhone screenshots (390 pt wide, portrait) and iPad (768 pt);
/// times from UIKit's behaviour (cited per value).
public enum KeyboardConstants {
    /// Windows at least this wide get the iPad layout (iPad mini's portrait width, so a
    /// kiosk panel that wide gets it too). Narrower ones get the iPhone layout.
    public static let padMinWidth: Double = 768

    // MARK: iPhone layout (portrait, 390 pt: keys 33 × 42 pt, 6 pt apart, rows 54 pt apart)
    public static let phoneSideMargin: Double = 3
    public static let phoneKeyGap: Double = 6
    public static let phoneKeyHeight: Double = 42
    public static let phoneRowPitch: Double = 54
    public static let phoneTopInset: Double = 8
    /// 216 pt: the keyboard of a Touch ID iPhone (no home-indicator strip: a window has none).
    public static let phoneHeight: Double = 216
    /// Shift and backspace: 42 pt wide on a 390 pt phone, i.e. 1.27 letter keys.
    public static let phoneShiftWidthInKeys: Double = 1.27
    /// "123"/"ABC" and return in the bottom row: 2.5 keys and 1.5 gaps wide (91.5 pt at 390).
    public static let phoneBottomKeyWidthInKeys: Double = 2.5
    /// Letters stop widening on wide phones/landscape windows (iPhone's landscape keys).
    public static let phoneMaxKeyWidth: Double = 56

    // MARK: iPad layout (768 pt: keys about 56 × 56 pt, 12 pt apart)
    public static let padSideMargin: Double = 6
    public static let padKeyGap: Double = 12
    public static let padRowGap: Double = 10
    public static let padTopInset: Double = 8
    public static let padBottomInset: Double = 8
    /// Key height follows the key width between these (iPad mini to iPad Pro 12.9).
    public static let padMinKeyHeight: Double = 56
    public static let padMaxKeyHeight: Double = 74
    /// The keys stop widening past iPad Pro 12.9's landscape width; wider kiosks centre them.
    public static let padMaxWidth: Double = 1366
    /// Row one: ten letters and backspace (1.4 keys); return fills row two; shift 1.4 keys.
    public static let padBackspaceWidthInKeys: Double = 1.4
    public static let padShiftWidthInKeys: Double = 1.4
    /// The bottom row's page keys (".?123") and the hide-keyboard key.
    public static let padPageKeyWidthInKeys: Double = 2
    public static let padHideKeyWidthInKeys: Double = 1.4

    // MARK: Pinyin (iOS's 拼音 keyboard)
    /// The candidates' bar over the keys: 44 pt on iPhone, 52 on iPad (iOS 17 screenshots).
    public static let phoneCandidateBarHeight: Double = 44
    public static let padCandidateBarHeight: Double = 52
    /// Candidates: 20 pt on iPhone, 22 on iPad, 16 pt either side of each (its tap area).
    public static let phoneCandidateSize: Double = 20
    public static let padCandidateSize: Double = 22
    public static let candidatePadding: Double = 16

    // MARK: Look (UIKit's light keyboard)
    /// The keyboard's backdrop: #D1D3D9 (UIKeyboard light, iOS 13+).
    public static let backgroundColor = Color(hex: 0xD1D3D9)
    /// Character keys white; shift, backspace, page and return keys #ABB0BC.
    public static let keyColor = Color(hex: 0xFFFFFF)
    public static let functionKeyColor = Color(hex: 0xABB0BC)
    /// Every key sits on a 1 pt darker edge below it (#898A8D).
    public static let keyShadowColor = Color(hex: 0x898A8D)
    public static let keyCornerRadius: Double = 5
    public static let labelColor = Color(hex: 0x000000)
    /// Letter glyphs: 22.5 pt on iPhone (SF Pro Text Light), 24 pt on iPad.
    public static let phoneLetterSize: Double = 22.5
    public static let padLetterSize: Double = 24
    /// Named keys ("space", "return", "123"): 16 pt on iPhone, 18 pt on iPad.
    public static let phoneWordSize: Double = 16
    public static let padWordSize: Double = 18
    /// The callout over a pressed key on iPhone: as wide as the key plus 12 pt each side,
    /// 54 pt above the key's top, its letter 36 pt (UIKit's key-press popup).
    public static let calloutSideGrowth: Double = 12
    public static let calloutHeightAbove: Double = 54
    public static let calloutLetterSize: Double = 36

    // MARK: Timing (its slide: `MotionConstants.keyboardDuration`)
    /// Holding a letter this long shows its accented variants (UIKit: about half a second).
    public static let longPressDelay: Double = 0.5
    /// Two taps on shift this close together lock capitals (UIKit's double-tap interval).
    public static let doubleTapInterval: Double = 0.35
    /// Backspace deletes on touch down, repeats after 0.5 s every 0.1 s, and after 2 s of
    /// repeating deletes whole words every 0.25 s (UIKit's accelerating delete).
    public static let repeatDelay: Double = 0.5
    public static let repeatInterval: Double = 0.1
    public static let wordRepeatAfter: Double = 2.0
    public static let wordRepeatInterval: Double = 0.25
}
