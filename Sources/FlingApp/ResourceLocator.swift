// ResourceLocator: where Resources/ (fonts, images, sample data) is found, in which order, and
// how the data files are loaded, with image paths kept inside the images folder.
import FlingCore
import FlingUI
import FoundationEssentials
import Glibc

/// Finds and loads Resources/: fonts, images, and the sample data files.
struct Resources {
    let root: String
    var fonts: String { root + "/fonts" }
    var images: String { root + "/images" }
    /// Built as the list shows them (`RestaurantFile`).
    let restaurants: RestaurantRows
    let articles: [Article]

    /// A failure to start for want of resources: exit status 1 with this message.
    struct LoadError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// `--resources DIR`; else, in this order: `../share/fling` beside the binary (an
    /// install: PREFIX/bin/fling finds PREFIX/share/fling), `fling/` in each of
    /// `$XDG_DATA_DIRS` (default /usr/local/share:/usr/share), and the Resources/ of the
    /// checkout this binary was built in (found from its own path, so it works from any
    /// working directory); a binary inside a checkout's `.build/` tries its checkout before
    /// `$XDG_DATA_DIRS`.
    static func locate(_ explicit: String?) throws(LoadError) -> String {
        if let explicit {
            // A file or an empty path was "not found", which sent the user looking for a
            // folder that was never meant.
            guard !explicit.isEmpty else { throw LoadError(message: "--resources: the path is empty; give the resources folder") }
            var info = stat()
            if stat(explicit, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
                let what = (info.st_mode & S_IFMT) == S_IFREG ? "a file, not a folder" : "not a folder"
                throw LoadError(message: "--resources: \(explicit) is \(what); give the resources folder (with fonts/, images/ and restaurants.json)")
            }
            guard isDirectory(explicit) else { throw LoadError(message: "resources folder not found: \(explicit)") }
            return explicit
        }
        let candidates = searchOrder(executable: executablePath(),
                                     dataDirs: ProcessInfo.processInfo.environment["XDG_DATA_DIRS"])
        for dir in candidates where isDirectory(dir) && FileManager.default.fileExists(atPath: dir + "/restaurants.json") {
            return dir
        }
        throw LoadError(message: "resources folder not found: looked in \(candidates.prefix(3).joined(separator: ", ")) and beside the checkout; pass --resources DIR")
    }

    /// The running binary, symlinks resolved (/proc/self/exe, else argv[0]).
    static func executablePath() -> URL {
        if let selfExe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: selfExe)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    }

    /// The folders `locate` tries, in order (pure, for tests).
    static func searchOrder(executable: URL, dataDirs: String?) -> [String] {
        var out: [String] = []
        // An install: PREFIX/bin/fling beside PREFIX/share/fling.
        out.append(executable.deletingLastPathComponent().deletingLastPathComponent().path + "/share/fling")
        let xdg = (dataDirs?.isEmpty ?? true) ? "/usr/local/share:/usr/share" : dataDirs ?? ""
        let shared = xdg.split(separator: ":").filter { $0.hasPrefix("/") }.map { String($0) + "/fling" }
        // A checkout: .build/<config>/fling, or the package the binary was compiled from.
        var checkout = ancestors(of: executable)
        checkout += ancestors(of: URL(fileURLWithPath: #filePath))
        checkout.append(FileManager.default.currentDirectoryPath)
        // A binary still in its checkout's .build uses the checkout's resources even where
        // Fling is also installed: tests and `make run` must see the files being edited.
        if executable.path.contains("/.build/") {
            out += checkout.map { $0 + "/Resources" } + shared
        } else {
            out += shared + checkout.map { $0 + "/Resources" }
        }
        var seen: Set<String> = []
        return out.filter { seen.insert($0).inserted }
    }

    private static func ancestors(of url: URL) -> [String] {
        var out: [String] = []
        var u = url.deletingLastPathComponent()
        for _ in 0..<8 {
            out.append(u.path)
            let parent = u.deletingLastPathComponent()
            if parent.path == u.path { break }
            u = parent
        }
        return out
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    @MainActor
    static func load(_ explicit: String?) throws(LoadError) -> Resources {
        let root = try locate(explicit)
        for sub in ["fonts", "images"] where !isDirectory(root + "/" + sub) {
            throw LoadError(message: "resources folder incomplete: \(root)/\(sub) not found")
        }
        let images = root + "/images"
        let restaurants = try RestaurantFile.rows(root + "/restaurants.json", images: images)
        var cut: [String] = []
        var articles = try loadData(root + "/articles.json") { try SampleData.articles(fromJSON: $0, warnings: &cut) }
        for w in cut { Log.warning("warning: \(root)/articles.json: \(w)") }
        for i in articles.indices {
            articles[i].image = checkedImage(articles[i].image, in: images, entry: "\(root)/articles.json: item \(i + 1) (\"\(articles[i].headline)\")")
        }
        return Resources(root: root, restaurants: restaurants, articles: articles)
    }

    /// An image path from a data file, if it stays inside the images folder; otherwise a
    /// warning naming the entry, and "" (the entry draws a placeholder). Absolute paths, `..`
    /// and symbolic links that lead out are all refused: a data file must not make the app
    /// read (or show) files elsewhere.
    @MainActor
    static func checkedImage(_ name: String, in images: String, entry: String) -> String {
        func refuse(_ why: String) -> String {
            Log.warning("warning: \(entry): image \"\(name)\" \(why); drawing a placeholder")
            return ""
        }
        if name.isEmpty { return refuse("is empty") }
        if name.hasPrefix("/") { return refuse("is an absolute path; image paths are relative to \(images)") }
        if name.split(separator: "/").contains("..") || name.contains("\u{0}") { return refuse("leaves the images folder \(images)") }
        let base = URL(fileURLWithPath: images).resolvingSymlinksInPath().path
        let resolved = URL(fileURLWithPath: images + "/" + name).resolvingSymlinksInPath().path
        if !resolved.hasPrefix(base + "/") { return refuse("leads out of the images folder \(images) (to \(resolved))") }
        return name
    }

    private static func loadData<T>(_ path: String, _ parse: (String) throws -> [T]) throws(LoadError) -> [T] {
        // Bounded and regular only: a FIFO there would block start-up, a huge file fill memory.
        let data: Data
        switch readUserFile(path, regularOnly: true, limit: InteractionConstants.maxDataFileBytes, kinds: "data files") {
        case .success(let d): data = d
        case .failure(let e) where e.reason == "not found": throw LoadError(message: "data file not found: \(path)")
        case .failure(let e): throw LoadError(message: "\(path): data file \(e.reason)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            // Where: a hand-edited file saved as Latin-1 is found at once.
            let (offset, line, column) = firstInvalidUTF8([UInt8](data))
            throw LoadError(message: "\(path):\(line):\(column): not UTF-8 text (byte \(offset) starts no UTF-8 character)")
        }
        do {
            return try parse(text)
        } catch let e as JSONSyntaxError {
            throw LoadError(message: "\(path):\(e.line):\(e.column): malformed JSON: \(e.message)")
        } catch {
            throw LoadError(message: "\(path): \(error)")
        }
    }
}

/// The first byte of `bytes` that does not begin a valid UTF-8 character, with its 1-based
/// line and column (in characters before it on that line); the end when all are valid.
func firstInvalidUTF8(_ bytes: [UInt8]) -> (offset: Int, line: Int, column: Int) {
    var parser = Unicode.UTF8.ForwardParser()
    var it = bytes.makeIterator()
    var offset = 0, line = 1, column = 1
    while true {
        switch parser.parseScalar(from: &it) {
        case .valid(let encoded):
            if encoded.count == 1 && encoded.first == 0x0A { line += 1; column = 1 } else { column += 1 }
            offset += encoded.count
        case .error:
            return (offset, line, column)
        case .emptyInput:
            return (offset, line, column)
        }
    }
}
