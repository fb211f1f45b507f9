// GooglePinyinEngine: the on-screen keyboard's pinyin words from googlepinyin (Debian's
// libgooglepinyin0, Android's pinyin engine), opened with dlopen only for a Chinese UI, and
// for zh-Hant written in traditional characters by OpenCC.
import FlingCore
import FlingUI
import Glibc

/// googlepinyin's decoder. The library keeps one decoder per process: one engine opens it
/// and the simplified and traditional input methods share it. Nothing is linked: a machine
/// without the package gets English keys and one info line, and a non-Chinese UI never
/// loads it.
@MainActor
final class GooglePinyinEngine: PinyinEngine {
    private typealias Search = @convention(c) (UnsafePointer<CChar>?, Int) -> Int
    private typealias Candidate = @convention(c) (Int, UnsafeMutablePointer<UInt16>?, Int) -> UnsafeMutablePointer<UInt16>?
    private typealias SyllableStarts = @convention(c) (UnsafeMutablePointer<UnsafePointer<UInt16>?>?) -> Int
    private typealias Reset = @convention(c) () -> Void
    private typealias Choose = @convention(c) (Int) -> Int
    private typealias FixedLength = @convention(c) () -> Int

    private let search: Search, candidate: Candidate, syllableStarts: SyllableStarts, reset: Reset
    private let choose: Choose, fixedLength: FixedLength
    /// The words in traditional characters (zh-Hant), nil for simplified.
    private let traditional: OpenCCConverter?

    /// The library, found by its soname (ldconfig's path), and its dictionary beside it.
    static let library = "libgooglepinyin.so.0"
    /// Candidates past this are never shown (the bar takes a dozen; googlepinyin finds 200
    /// for "xian").
    static let maxCandidates = 48

    private struct Opened {
        let search: Search, candidate: Candidate, syllableStarts: SyllableStarts, reset: Reset
        let choose: Choose, fixedLength: FixedLength
    }
    private static var opened: Result<Opened, EngineError>?

    struct EngineError: Error, CustomStringConvertible { let description: String }

    /// The engine, or why there is none (said once as an info line by the caller).
    static func open(traditional: Bool) -> Result<GooglePinyinEngine, EngineError> {
        if opened == nil { opened = openDecoder() }
        switch opened {
        case .success(let o)?:
            var converter: OpenCCConverter?
            if traditional {
                switch OpenCCConverter.open(config: OpenCCConverter.taiwanConfig) {
                case .success(let c): converter = c
                case .failure(let e): return .failure(EngineError(description: "traditional pinyin needs OpenCC: \(e)"))
                }
            }
            return .success(GooglePinyinEngine(o, traditional: converter))
        case .failure(let e)?: return .failure(e)
        case nil: return .failure(EngineError(description: "googlepinyin did not open"))
        }
    }

    private init(_ o: Opened, traditional: OpenCCConverter?) {
        search = o.search; candidate = o.candidate; syllableStarts = o.syllableStarts; reset = o.reset
        choose = o.choose; fixedLength = o.fixedLength
        self.traditional = traditional
    }

    private static func openDecoder() -> Result<Opened, EngineError> {
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(EngineError(description: "no \(library) (Debian: libgooglepinyin0): the keyboard types English"))
        }
        func symbol<T>(_ name: String, _ type: T.Type) -> T? { dlsym(handle, name).map { unsafeBitCast($0, to: type) } }
        typealias OpenDecoder = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Bool
        guard let openDecoder = symbol("im_open_decoder", OpenDecoder.self),
              let search = symbol("im_search", Search.self), let candidate = symbol("im_get_candidate", Candidate.self),
              let starts = symbol("im_get_spl_start_pos", SyllableStarts.self), let reset = symbol("im_reset_search", Reset.self),
              let choose = symbol("im_choose", Choose.self), let fixed = symbol("im_get_fixed_len", FixedLength.self) else {
            return .failure(EngineError(description: "\(library) lacks the im_* functions this build uses"))
        }
        guard let dictionary = dictionaryPath(handle) else {
            return .failure(EngineError(description: "googlepinyin's dict_pinyin.dat is missing beside \(library)"))
        }
        // The user dictionary must be a file: a fresh one each run, gone once read, so that
        // nothing learnt carries from run to run (recordings replay the same candidates, and
        // no word is ever chosen through the decoder, which is what would write it).
        var template = Array("/tmp/fling-pinyin-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return .failure(EngineError(description: "no temporary file for googlepinyin's user dictionary")) }
        close(fd)
        let userDictionary = String(cString: template)
        defer { unlink(userDictionary) }
        guard openDecoder(dictionary, userDictionary) else {
            return .failure(EngineError(description: "googlepinyin could not read \(dictionary)"))
        }
        return .success(Opened(search: search, candidate: candidate, syllableStarts: starts, reset: reset,
                               choose: choose, fixedLength: fixed))
    }

    /// …/lib/<triplet>/googlepinyin/data/dict_pinyin.dat, beside the library that was loaded
    /// (its path read from /proc/self/maps: glibc's dladdr is not in Swift's Glibc module).
    private static func dictionaryPath(_ handle: UnsafeMutableRawPointer) -> String? {
        guard let f = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), f) != nil {
            let text = String(cString: line)
            guard let slash = text.firstIndex(of: "/"), text.contains("/libgooglepinyin.so") else { continue }
            var dir = String(text[slash...].prefix { $0 != "\n" })
            while let last = dir.last, last != "/" { dir.removeLast() }
            let path = dir + "googlepinyin/data/dict_pinyin.dat"
            if access(path, R_OK) == 0 { return path }
        }
        return nil
    }

    /// Where each syllable of the current search starts, each within the spelling (the
    /// library's answer clamped: a count past its 28-letter buffer is not read).
    private func currentStarts(_ spelling: String) -> [Int] {
        var startsPointer: UnsafePointer<UInt16>?
        let syllables = min(max(0, syllableStarts(&startsPointer)), PinyinComposition.maxLetters + 2)
        guard let p = startsPointer else { return [] }
        return (0...syllables).map { min(spelling.count, max(0, Int(p[$0]))) }
    }

    /// googlepinyin fixes the candidate and says how many syllables it took: the letters up
    /// to the next syllable's start (a word of another segmentation than the best one is
    /// counted right). The search is made again before each lookup, so this leaves nothing.
    func lettersCovered(byCandidate index: Int, of letters: String) -> Int? {
        let spelling = letters.filter { $0.isASCII && $0.isLetter }
        guard !spelling.isEmpty, let shown = lastLookup, shown.letters == spelling, shown.indices.indices.contains(index) else { return nil }
        reset()
        let count = spelling.withCString { search($0, spelling.utf8.count) }
        let engineIndex = shown.indices[index]
        guard engineIndex < count else { return nil }
        _ = choose(engineIndex)
        let fixed = fixedLength()
        let starts = currentStarts(spelling)
        reset()
        guard fixed > 0, starts.count > 1 else { return nil }
        return fixed < starts.count ? starts[fixed] : spelling.count
    }

    /// The last lookup's letters and, for each candidate shown, its index in googlepinyin's
    /// list (traditional characters can make two words one, shifting the rest).
    private var lastLookup: (letters: String, indices: [Int])?

    func lookup(_ letters: String) -> PinyinLookup {
        let spelling = letters.filter { $0.isASCII && $0.isLetter }
        guard !spelling.isEmpty else { return .empty }
        reset()
        let count = max(0, spelling.withCString { search($0, spelling.utf8.count) })
        let starts = currentStarts(spelling)
        var seen = Set<String>()
        var out: [PinyinCandidate] = []
        var indices: [Int] = []
        var buffer = [UInt16](repeating: 0, count: 64)
        for i in 0..<min(count, Self.maxCandidates) {
            let text: String? = buffer.withUnsafeMutableBufferPointer { b in
                guard candidate(i, b.baseAddress, b.count - 1) != nil else { return nil }
                let n = b.firstIndex(of: 0) ?? b.count
                return String(decoding: b[0..<n], as: UTF16.self)
            }
            guard let simplified = text, !simplified.isEmpty else { continue }
            // A word's characters are its syllables: it stands for the letters up to the start
            // of the syllable after its last (the whole spelling for the sentence).
            // (No syllables read: only the sentence, for the whole spelling, is offered.)
            let n = simplified.count
            if starts.count < 2, i > 0 { break }
            let covered = n < starts.count ? starts[n] : spelling.count
            let shown = traditional?.convert(simplified) ?? simplified
            if seen.insert(shown).inserted {
                out.append(PinyinCandidate(text: shown, letters: covered))
                indices.append(i)
            }
        }
        lastLookup = (spelling, indices)
        return PinyinLookup(candidates: out, syllableStarts: starts)
    }
}

extension AppController {
    /// The on-screen keyboard's pinyin in a Chinese UI: googlepinyin is opened (about 1 ms
    /// and 1 MB; OpenCC's tables, for zh-Hant, another 15–30 ms and 9 MB), or the keyboard
    /// stays English with one info line. Other languages load nothing.
    func usePinyin() {
        guard env.strings.base == "zh" else { return }
        keyboard.pinyinEngines = { mode in
            switch GooglePinyinEngine.open(traditional: mode == .traditionalPinyin) {
            case .success(let engine):
                Log.info("on-screen keyboard: \(mode.rawValue) from googlepinyin" + (mode == .traditionalPinyin ? " and OpenCC's \(OpenCCConverter.taiwanConfig)" : ""))
                return engine
            case .failure(let e):
                Log.info("no \(mode.rawValue) on the on-screen keyboard: \(e)")
                return nil
            }
        }
    }
}
