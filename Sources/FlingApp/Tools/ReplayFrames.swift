// ReplayFrames: where `fling replay`'s frames go (a PNG folder, MP4 through ffmpeg, or APNG),
// side by side under labels with --compare, and the checks made before any frame is drawn.
import FlingCore
import FlingUI
import FlingSDL
import FoundationEssentials
import Glibc

/// Where `fling replay` puts its frames: PNGs in a folder (`--out`), an MP4 through ffmpeg or
/// an animated PNG (`--video`). With `--compare` the settings' frames stand side by side,
/// each under a label naming its setting.
@MainActor
enum ReplayFrames {
    /// Label strip height and the gap between panels, in pt.
    static let labelHeight = 28.0
    static let gap = 8.0

    static func write(_ runs: [Replay.Run], options o: Replay.Options, context: SDLContext, resources: Resources,
                      scale: Double) throws(RunFailure) {
        guard let first = runs.first, first.width > 0 else { throw RunFailure(message: "no frames were drawn", status: 1) }
        // Every panel as large as the largest frame of any setting (a resized session's
        // smaller frames sit at its top left on the background).
        let w = runs.map(\.width).max() ?? first.width, h = runs.map(\.height).max() ?? first.height
        let labelPx = runs.count > 1 ? Int((labelHeight * scale).rounded()) : 0
        let gapPx = runs.count > 1 ? Int((gap * scale).rounded()) : 0
        // Even sizes: H.264 in yuv420p needs them.
        let outW = (runs.count * w + (runs.count - 1) * gapPx + 1) / 2 * 2
        let outH = (h + labelPx + 1) / 2 * 2
        let labels = runs.count > 1 ? try labelStrips(runs.map(\.setting.label), width: w, height: labelPx, scale: scale,
                                                      context: context, resources: resources) : []
        let count = runs.map(\.frames.count).max() ?? 0
        var sinks: [any FrameSink] = []
        if let dir = o.out {
            do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
                throw RunFailure(message: "\(dir): the frames folder could not be made (\(error))", status: 1)
            }
            sinks.append(FolderSink(dir: dir))
        }
        if let video = o.video {
            let lower = video.lowercased()
            if lower.hasSuffix(".png") || lower.hasSuffix(".apng") {
                do { sinks.append(try APNGWriter(path: video, width: outW, height: outH, fps: o.fps)) } catch {
                    throw RunFailure(message: error.message, status: 1)
                }
            } else {
                sinks.append(try FFmpegSink(path: video, width: outW, height: outH, fps: o.fps))
            }
        }
        let background: (UInt8, UInt8, UInt8) = (0x1C, 0x1C, 0x1E)
        for k in 0..<count {
            var canvas: RGBAImage
            if runs.count == 1 && outW == w && outH == h && first.frames[k].width == w && first.frames[k].height == h {
                guard let px = first.pixels(first.frames[k]) else { throw RunFailure(message: "frame \(k) was lost", status: 1) }
                canvas = RGBAImage(width: w, height: h, pixels: px)
            } else {
                canvas = RGBAImage(width: outW, height: outH, fill: Color(r: Double(background.0) / 255, g: Double(background.1) / 255,
                                                                          b: Double(background.2) / 255, a: 1))
                for (i, run) in runs.enumerated() {
                    let x = i * (w + gapPx)
                    if i < labels.count { blit(labels[i], into: &canvas, x: x, y: 0) }
                    guard !run.frames.isEmpty else { continue }
                    let frame = run.frames[min(k, run.frames.count - 1)]
                    guard let px = run.pixels(frame) else {
                        throw RunFailure(message: "frame \(k) was lost", status: 1)
                    }
                    blit(RGBAImage(width: frame.width, height: frame.height, pixels: px), into: &canvas, x: x, y: labelPx)
                }
            }
            for i in sinks.indices { try sinks[i].add(canvas, index: k) }
        }
        for i in sinks.indices { try sinks[i].finish() }
    }

    static func blit(_ src: RGBAImage, into dst: inout RGBAImage, x: Int, y: Int) {
        let w = min(src.width, dst.width - x)
        guard w > 0 else { return }
        for row in 0..<min(src.height, dst.height - y) {
            let s = row * src.width * 4, d = ((y + row) * dst.width + x) * 4
            dst.pixels.replaceSubrange(d..<(d + w * 4), with: src.pixels[s..<(s + w * 4)])
        }
    }

    /// Each setting's name, drawn by the app's own renderer on a dark strip.
    static func labelStrips(_ labels: [String], width: Int, height: Int, scale: Double, context: SDLContext,
                            resources: Resources) throws(RunFailure) -> [RGBAImage] {
        let size = Size(Double(width) / scale, Double(height) / scale)
        let display: Display
        do {
            display = try Display(context: context, size: size, uiScale: scale, fullscreen: false, title: "labels",
                                  fontDirectory: resources.fonts, imageDirectory: resources.images, log: { Log.warning($0) })
        } catch { throw RunFailure(message: "\(error)", status: 1) }
        defer { display.close() }
        let env = AppAssembly.environment(for: display)
        var out: [RGBAImage] = []
        for label in labels {
            var l = DisplayList(background: Color(r: 0x1C / 255, g: 0x1C / 255, b: 0x1E / 255, a: 1))
            let text = env.layout(label, Font(size: 15, weight: .semibold), TextOptions(maxWidth: size.width - 16, lineLimit: 1))
            l.text(text, at: Point(8, (size.height - text.size.height) / 2), .white)
            display.draw(l)
            guard let image = display.readPixels() else { throw RunFailure(message: "a label could not be drawn", status: 1) }
            out.append(image)
        }
        return out
    }
}

/// A destination for output frames.
@MainActor
protocol FrameSink {
    mutating func add(_ image: RGBAImage, index: Int) throws(RunFailure)
    mutating func finish() throws(RunFailure)
}

extension ReplayFrames {
    /// What can be known before any frame is rendered (before, a missing ffmpeg or an
    /// unwritable --out was said only after every frame was drawn): the frames folder made and
    /// writable, ffmpeg there for an MP4, the video's folder writable.
    static func preflight(out: String?, video: String?) throws(RunFailure) {
        if let dir = out {
            do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
                throw RunFailure(message: "\(dir): the frames folder could not be made (\(error))", status: 1)
            }
            guard access(dir, W_OK) == 0 else {
                throw RunFailure(message: "\(dir): the frames folder is not writable (\(String(cString: strerror(errno))))", status: 1)
            }
        }
        if let video {
            let lower = video.lowercased()
            if !(lower.hasSuffix(".png") || lower.hasSuffix(".apng")), FFmpegSink.findFFmpeg() == nil {
                throw RunFailure(message: "\(video): ffmpeg is not installed, so no MP4 can be written (sudo apt-get install ffmpeg), or write an animated PNG instead: --video out.png", status: 1)
            }
            let folder = video.lastIndex(of: "/").map { String(video[..<$0]) } ?? "."
            guard access(folder.isEmpty ? "/" : folder, W_OK) == 0 else {
                throw RunFailure(message: "\(video): its folder is not writable (\(String(cString: strerror(errno))))", status: 1)
            }
        }
    }
}

/// `--out DIR`: frame-00001.png, frame-00002.png, …
struct FolderSink: FrameSink {
    var dir: String
    func add(_ image: RGBAImage, index: Int) throws(RunFailure) {
        let path = dir + "/" + cFormat("frame-%05d.png", Int32(index + 1))
        do { try PNGFile.write(image, to: path) } catch { throw RunFailure(message: "\(error)", status: 1) }
    }
    func finish() throws(RunFailure) {}
}

extension APNGWriter: FrameSink {
    func add(_ image: RGBAImage, index: Int) throws(RunFailure) { add(image) }
    func finish() throws(RunFailure) {
        do { try end() } catch { throw RunFailure(message: error.message, status: 1) }
    }
}

/// `--video x.mp4`: raw RGBA frames piped into ffmpeg (H.264, yuv420p, plays everywhere).
struct FFmpegSink: FrameSink {
    var path: String
    private var pipe: UnsafeMutablePointer<FILE>?

    init(path: String, width: Int, height: Int, fps: Double) throws(RunFailure) {
        self.path = path
        guard let ffmpeg = Self.findFFmpeg() else {
            throw RunFailure(message: "\(path): ffmpeg is not installed, so no MP4 can be written (sudo apt-get install ffmpeg), or write an animated PNG instead: --video out.png", status: 1)
        }
        let command = [ffmpeg, "-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
                       "-r", ScriptNumber.text(fps), "-i", "-", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart", path]
            .map(Self.quoted).joined(separator: " ")
        signal(SIGPIPE, SIG_IGN)   // ffmpeg quitting early is an error message, not a killed process
        guard let p = popen(command, "w") else { throw RunFailure(message: "\(path): ffmpeg could not be started", status: 1) }
        pipe = p
    }

    func add(_ image: RGBAImage, index: Int) throws(RunFailure) {
        guard let pipe else { return }
        let n = image.pixels.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, pipe) }
        if n != image.pixels.count { throw RunFailure(message: "\(path): ffmpeg stopped taking frames", status: 1) }
    }

    mutating func finish() throws(RunFailure) {
        guard let p = pipe else { return }
        pipe = nil
        let status = pclose(p)
        if status != 0 { throw RunFailure(message: "\(path): ffmpeg failed (status \(status))", status: 1) }
    }

    static func findFFmpeg() -> String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return dirs.map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func quoted(_ s: String) -> String { "'" + s.replacing("'", with: "'\\''") + "'" }
}
