// KeyboardLayout: where every key of the on-screen keyboard is, per page and window width:
// the iPhone layout at phone widths, the iPad layout at kiosk widths, and which key a touch
// is on.

/// The keyboard's pages (UIKit's letters, "123" and "#+=").
public enum KeyboardPage: String, Sendable, Equatable {
    case letters, numbers, symbols
}

/// Shift: off, one capital (a tap), or caps lock (a double tap).
public enum ShiftState: String, Sendable, Equatable {
    case off, once, locked
}

/// What a key does.
public enum KeyKind: Sendable, Equatable, Hashable {
    /// Types its text (a letter in lower case; shift makes it a capital).
    case character(String)
    case shift, backspace, space, returnKey, hide
    /// The globe: the next input method (pinyin, then English, in Chinese).
    case nextInputMode
    /// Goes to a page; its label is the page's ("123", "abc", "#+=").
    case page(KeyboardPage)

    /// The name the state dump and scripts use: the letter in lower case, else "shift",
    /// "backspace", "123", "abc", "#+=", "space", "return", "hide".
    public var name: String {
        switch self {
        case .character(let s): s
        case .shift: "shift"
        case .backspace: "backspace"
        case .space: "space"
        case .returnKey: "return"
        case .hide: "hide"
        case .nextInputMode: "globe"
        case .page(.letters): "abc"
        case .page(.numbers): "123"
        case .page(.symbols): "#+="
        }
    }

    public var isCharacter: Bool { if case .character = self { return true } else { return false } }
}

/// One key and its frame in keyboard coordinates (the keyboard's top left at 0, 0).
public struct KeyboardKey: Sendable, Equatable {
    public var kind: KeyKind
    public var frame: Rect
}

/// The keys of one page at one width, in rows, and the keyboard's height.
public struct KeyboardLayout: Sendable, Equatable {
    public enum Idiom: String, Sendable { case phone, pad }
    public let idiom: Idiom
    public let page: KeyboardPage
    public let width: Double
    public let height: Double
    public let rows: [[KeyboardKey]]
    public var keys: [KeyboardKey] { rows.flatMap { $0 } }
    /// The pinyin candidates' bar across the top (keyboard coordinates), nil without one.
    public let candidateBar: Rect?

    public static func idiom(forWidth width: Double) -> Idiom {
        width >= KeyboardConstants.padMinWidth ? .pad : .phone
    }

    /// `globe`: a key for the next input method in the bottom row (more than one to go
    /// through); `candidateBar`: the keys move down under a bar of candidates (pinyin).
    public init(width: Double, page: KeyboardPage, globe: Bool = false, candidateBar: Bool = false) {
        self.width = width
        self.page = page
        idiom = Self.idiom(forWidth: width)
        var rows: [[KeyboardKey]], height: Double
        switch idiom {
        case .phone:
            height = KeyboardConstants.phoneHeight
            rows = Self.phoneRows(width: width, page: page, globe: globe)
        case .pad:
            (rows, height) = Self.padRows(width: width, page: page, globe: globe)
        }
        if candidateBar {
            let bar = idiom == .pad ? KeyboardConstants.padCandidateBarHeight : KeyboardConstants.phoneCandidateBarHeight
            rows = rows.map { $0.map { KeyboardKey(kind: $0.kind, frame: $0.frame.offsetBy(dx: 0, dy: bar)) } }
            height += bar
            self.candidateBar = Rect(x: 0, y: 0, width: width, height: bar)
        } else {
            self.candidateBar = nil
        }
        self.rows = rows
        self.height = height
    }

    // MARK: Characters per page (UIKit's US English keyboard)

    static let letterRows = [Array("qwertyuiop"), Array("asdfghjkl"), Array("zxcvbnm")].map { $0.map(String.init) }
    static let numberRows = [Array("1234567890"), Array("-/:;()$&@\""), Array(".,?!'")].map { $0.map(String.init) }
    static let symbolRows = [Array("[]{}#%^*+="), Array("_\\|~<>€£¥•"), Array(".,?!'")].map { $0.map(String.init) }

    static func characters(_ page: KeyboardPage) -> [[String]] {
        switch page {
        case .letters: letterRows
        case .numbers: numberRows
        case .symbols: symbolRows
        }
    }

    /// The key left of row three: shift on letters, the other page's key otherwise.
    static func rowThreeLeft(_ page: KeyboardPage) -> KeyKind {
        switch page {
        case .letters: .shift
        case .numbers: .page(.symbols)
        case .symbols: .page(.numbers)
        }
    }

    // MARK: iPhone

    private static func phoneRows(width: Double, page: KeyboardPage, globe: Bool) -> [[KeyboardKey]] {
        typealias K = KeyboardConstants
        let gap = K.phoneKeyGap
        let key = min(K.phoneMaxKeyWidth, (width - 2 * K.phoneSideMargin - 9 * gap) / 10)
        // Keys keep their size on wide windows: the rows are centred.
        let rowOne = 10 * key + 9 * gap
        let left = ((width - rowOne) / 2).rounded()
        let chars = characters(page)
        func y(_ row: Int) -> Double { K.phoneTopInset + Double(row) * K.phoneRowPitch }
        func centred(_ items: [String], row: Int) -> [KeyboardKey] {
            let w = Double(items.count) * key + Double(items.count - 1) * gap
            let x0 = (width - w) / 2
            return items.enumerated().map { i, s in
                KeyboardKey(kind: .character(s), frame: Rect(x: x0 + Double(i) * (key + gap), y: y(row), width: key, height: K.phoneKeyHeight))
            }
        }
        var rows = [centred(chars[0], row: 0), centred(chars[1], row: 1)]
        // Row three: shift (or a page key) and backspace at the edges of row one, the
        // characters between them (on the number pages five wider keys fill the space).
        let side = (key * K.phoneShiftWidthInKeys).rounded()
        var three = [KeyboardKey(kind: rowThreeLeft(page), frame: Rect(x: left, y: y(2), width: side, height: K.phoneKeyHeight))]
        if page == .letters {
            three += centred(chars[2], row: 2)
        } else {
            let inner = rowOne - 2 * side - 2 * (gap + key * 0.27)
            let n = Double(chars[2].count)
            let w = (inner - (n - 1) * gap) / n
            let x0 = (width - inner) / 2
            three += chars[2].enumerated().map { i, s in
                KeyboardKey(kind: .character(s), frame: Rect(x: x0 + Double(i) * (w + gap), y: y(2), width: w, height: K.phoneKeyHeight))
            }
        }
        three.append(KeyboardKey(kind: .backspace, frame: Rect(x: left + rowOne - side, y: y(2), width: side, height: K.phoneKeyHeight)))
        rows.append(three)
        // Row four: the page key (and the globe, halves of its width, as iOS's 123 and emoji
        // keys), space, return.
        let bottom = key * K.phoneBottomKeyWidthInKeys + gap * 1.5
        let pageKey: KeyKind = page == .letters ? .page(.numbers) : .page(.letters)
        var four: [KeyboardKey]
        if globe {
            let half = (bottom - gap) / 2
            four = [KeyboardKey(kind: pageKey, frame: Rect(x: left, y: y(3), width: half, height: K.phoneKeyHeight)),
                    KeyboardKey(kind: .nextInputMode, frame: Rect(x: left + half + gap, y: y(3), width: half, height: K.phoneKeyHeight))]
        } else {
            four = [KeyboardKey(kind: pageKey, frame: Rect(x: left, y: y(3), width: bottom, height: K.phoneKeyHeight))]
        }
        four += [
            KeyboardKey(kind: .space, frame: Rect(x: left + bottom + gap, y: y(3), width: rowOne - 2 * (bottom + gap), height: K.phoneKeyHeight)),
            KeyboardKey(kind: .returnKey, frame: Rect(x: left + rowOne - bottom, y: y(3), width: bottom, height: K.phoneKeyHeight)),
        ]
        rows.append(four)
        return rows
    }

    // MARK: iPad

    private static func padRows(width: Double, page: KeyboardPage, globe: Bool) -> ([[KeyboardKey]], Double) {
        typealias K = KeyboardConstants
        let gap = K.padKeyGap
        let inner = min(width, K.padMaxWidth) - 2 * K.padSideMargin
        let left = ((width - inner) / 2).rounded()
        let key = (inner - 10 * gap) / (10 + K.padBackspaceWidthInKeys)
        let h = min(K.padMaxKeyHeight, max(K.padMinKeyHeight, key))
        func y(_ row: Int) -> Double { K.padTopInset + Double(row) * (h + K.padRowGap) }
        func run(_ kinds: [(KeyKind, Double)], row: Int, from x0: Double) -> [KeyboardKey] {
            var x = x0
            return kinds.map { kind, w in
                defer { x += w + gap }
                return KeyboardKey(kind: kind, frame: Rect(x: x, y: y(row), width: w, height: h))
            }
        }
        let chars = characters(page)
        let right = left + inner
        // Row one: the characters and backspace to the right edge.
        var one = run(chars[0].map { (.character($0), key) }, row: 0, from: left)
        let oneEnd = left + 10 * (key + gap)
        one.append(KeyboardKey(kind: .backspace, frame: Rect(x: oneEnd, y: y(0), width: right - oneEnd, height: h)))
        // Row two: half a key in, the characters (nine letters, ten on the other pages),
        // return to the right edge.
        let twoChars = chars[1]
        var two = run(twoChars.map { (.character($0), key) }, row: 1, from: left + key / 2)
        let twoEnd = left + key / 2 + Double(twoChars.count) * (key + gap)
        two.append(KeyboardKey(kind: .returnKey, frame: Rect(x: twoEnd, y: y(1), width: right - twoEnd, height: h)))
        // Row three: shift (or the other page), the characters, "," and "." on letters, and
        // the same key again at the right edge.
        let side = key * K.padShiftWidthInKeys
        var three = [KeyboardKey(kind: rowThreeLeft(page), frame: Rect(x: left, y: y(2), width: side, height: h))]
        if page == .letters {
            let threeChars = chars[2] + [",", "."]
            three += run(threeChars.map { (.character($0), key) }, row: 2, from: left + side + gap)
            let threeEnd = left + side + gap + Double(threeChars.count) * (key + gap)
            three.append(KeyboardKey(kind: rowThreeLeft(page), frame: Rect(x: threeEnd, y: y(2), width: right - threeEnd, height: h)))
        } else {
            // The number pages' five punctuation keys share the row between two page keys.
            let n = Double(chars[2].count)
            let w = (inner - 2 * side - (n + 1) * gap) / n
            three += run(chars[2].map { (.character($0), w) }, row: 2, from: left + side + gap)
            three.append(KeyboardKey(kind: rowThreeLeft(page), frame: Rect(x: right - side, y: y(2), width: side, height: h)))
        }
        // Row four: (the globe,) page key, space, page key, hide.
        let pageKey: KeyKind = page == .letters ? .page(.numbers) : .page(.letters)
        let pw = key * K.padPageKeyWidthInKeys, hw = key * K.padHideKeyWidthInKeys
        let globeKeys: [(KeyKind, Double)] = globe ? [(.nextInputMode, hw)] : []
        let space = inner - 2 * pw - hw - 3 * gap - (globe ? hw + gap : 0)
        let four = run(globeKeys + [(pageKey, pw), (.space, space), (pageKey, pw), (.hide, hw)], row: 3, from: left)
        let height = y(3) + h + K.padBottomInset
        return ([one, two, three, four], height)
    }

    // MARK: Hit testing

    /// The key a touch at `p` (keyboard coordinates) is on: the row whose band holds it (rows
    /// meet halfway between them), then the key nearest along it, so gaps and margins belong
    /// to the nearest key, as on iOS. Nil only outside the keyboard.
    public func key(at p: Point) -> KeyboardKey? {
        guard p.y >= 0, p.y <= height, p.x >= 0, p.x <= width, !rows.isEmpty else { return nil }
        var rowIndex = rows.count - 1
        for i in 0..<(rows.count - 1) {
            let boundary = (rows[i][0].frame.maxY + rows[i + 1][0].frame.minY) / 2
            if p.y < boundary { rowIndex = i; break }
        }
        var best: KeyboardKey?
        var bestDistance = Double.infinity
        for k in rows[rowIndex] {
            let d = p.x < k.frame.minX ? k.frame.minX - p.x : (p.x > k.frame.maxX ? p.x - k.frame.maxX : 0)
            if d < bestDistance { bestDistance = d; best = k }
        }
        return best
    }
}
