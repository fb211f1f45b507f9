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

    @MainActor
    static func load(_ explicit: String?) throws(LoadError) -> Resources {
        let root = try locate(explicit)
        for sub in ["fonts", "images"] where !isDirectory(root + "/" + sub) {
            throw LoadError(message: "resources folder incomplete: \(root)/\(sub) not found")
        }
        var restaurants = try loadData(root + "/restaurants.json", SampleData.restaurants(fromJSON:))
        var articles = try loadData(root + "/articles.json", SampleData.articles(fromJSON:))
        let images = root + "/images"
        for i in restaurants.indices {
            restaurants[i].image = checkedImage(restaurants[i].image, in: images, entry: "\(root)/restaurants.json: item \(i + 1) (\"\(restaurants[i].name)\")")
        }
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
