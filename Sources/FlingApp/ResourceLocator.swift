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

    /// `--resources DIR`, else the Resources/ of the package this binary was built from
    /// (found from the executable's own path, so it works from any working directory).
    static func locate(_ explicit: String?) throws(LoadError) -> String {
        if let explicit {
            guard isDirectory(explicit) else { throw LoadError(message: "resources folder not found: \(explicit)") }
            return explicit
        }
        var candidates: [String] = []
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        if let selfExe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates += ancestors(of: URL(fileURLWithPath: selfExe))
        }
        candidates += ancestors(of: exe)
        // The package this binary was compiled from.
        candidates += ancestors(of: URL(fileURLWithPath: #filePath))
        candidates.append(FileManager.default.currentDirectoryPath)
        for dir in candidates {
            let r = dir + "/Resources"
            if isDirectory(r), FileManager.default.fileExists(atPath: r + "/restaurants.json") { return r }
        }
        throw LoadError(message: "resources folder not found: looked for Resources/ next to the package (\(candidates.first ?? "?")); pass --resources DIR")
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
