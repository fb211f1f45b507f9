import FlingCore
import FlingUI
import Foundation

/// Finds and loads Resources/: fonts, images, and the sample data files.
struct Resources {
    let root: String
    var fonts: String { root + "/fonts" }
    var images: String { root + "/images" }
    let restaurants: [Restaurant]
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
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    static func load(_ explicit: String?) throws(LoadError) -> Resources {
        let root = try locate(explicit)
        for sub in ["fonts", "images"] where !isDirectory(root + "/" + sub) {
            throw LoadError(message: "resources folder incomplete: \(root)/\(sub) not found")
        }
        let restaurants = try loadData(root + "/restaurants.json", SampleData.restaurants(fromJSON:))
        let articles = try loadData(root + "/articles.json", SampleData.articles(fromJSON:))
        return Resources(root: root, restaurants: restaurants, articles: articles)
    }

    private static func loadData<T>(_ path: String, _ parse: (String) throws -> [T]) throws(LoadError) -> [T] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(message: FileManager.default.fileExists(atPath: path)
                            ? "data file unreadable: \(path)" : "data file not found: \(path)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw LoadError(message: "\(path): not UTF-8 text") }
        do {
            return try parse(text)
        } catch let e as JSONSyntaxError {
            throw LoadError(message: "\(path):\(e.line):\(e.column): malformed JSON: \(e.message)")
        } catch {
            throw LoadError(message: "\(path): \(error)")
        }
    }
}
