// LanguageLoader: which catalogue the app speaks: the user's language from
// `--language` or the locale's variables, its `fling.mo` found under TEXTDOMAINDIR, the
// install's share/locale or the checkout's .build/locale, and the line said when none is there.
import FlingCore
import Glibc

enum LanguageLoader {
    /// The language to speak, with what is worth a line in the log (nil: nothing to say).
    struct Loaded {
        var strings: Localization
        /// "no catalogue for zh_HK: the UI is in English" (info), or a catalogue that could
        /// not be read (warning).
        var info: String?
        var warning: String?
    }

    /// The folders a catalogue is looked for in, best first: `$TEXTDOMAINDIR` (gettext's own
    /// override), `share/locale` beside the resources folder (an install: PREFIX/share/fling
    /// and PREFIX/share/locale), and the checkout's `.build/locale`, where `make` compiles po/.
    static func searchOrder(resourcesRoot: String, textDomainDir: String?) -> [String] {
        var out: [String] = []
        if let textDomainDir, !textDomainDir.isEmpty { out.append(textDomainDir) }
        let parent = resourcesRoot.hasSuffix("/") ? String(resourcesRoot.dropLast()) : resourcesRoot
        let up = parent.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let base = up.isEmpty ? (parent.hasPrefix("/") ? "" : ".") : up
        out.append(base + "/locale")
        out.append(base + "/.build/locale")
        return out
    }

    static func load(override: String?, environment: [String: String], resourcesRoot: String) -> Loaded {
        if override == "pseudo" { return Loaded(strings: .pseudoLanguage) }
        let (names, asked) = LanguagePreference.candidates(environment: environment, override: override)
        guard let asked, let first = names.first, first != "en" else { return Loaded(strings: .english) }
        let folders = searchOrder(resourcesRoot: resourcesRoot, textDomainDir: environment["TEXTDOMAINDIR"])
        var warning: String?
        for name in names {
            if name == "en" { break }   // English asked for before any catalogue that exists: the source
            for folder in folders {
                let path = "\(folder)/\(name)/LC_MESSAGES/fling.mo"
                guard access(path, F_OK) == 0 else { continue }
                switch readUserFile(path, regularOnly: true, limit: maxCatalogBytes, kinds: "catalogues") {
                case .failure(let e):
                    warning = warning ?? "\(path): \(e.reason); the next candidate is tried"
                case .success(let data):
                    switch MessageCatalog.parse([UInt8](data)) {
                    case .failure(let e): warning = warning ?? "\(path): \(e.reason); the next candidate is tried"
                    case .success(let catalog): return Loaded(strings: Localization(catalog: catalog, language: name), warning: warning)
                    }
                }
            }
        }
        return Loaded(strings: .english,
                      info: "no catalogue for \(asked) (\(names.joined(separator: ", "))): the UI is in English; looked in \(folders.joined(separator: ", "))",
                      warning: warning)
    }

    /// A catalogue is a few kilobytes; anything past this is not one.
    static let maxCatalogBytes = 4 << 20
}
