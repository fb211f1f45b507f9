/// `--status-file PATH`: what a fleet's monitoring reads of a kiosk, kept in a small
/// file that is replaced atomically (written beside it, then renamed over it). Two formats,
/// by the file's name:
///  - `*.prom`: Prometheus' text exposition format, for node_exporter's textfile collector
///    (`--collector.textfile.directory`), which is what fleets of Linux machines already
///    scrape: no server of Fling's own, and the fleet's alerting works on it unchanged.
///  - anything else: one JSON object, for scripts and other agents (`jq .scene status.json`).
/// Values are passed in (times from the loop's clock and the wall clock): nothing here reads
/// a clock or the process.
public struct KioskStatus: Equatable, Sendable {
    public var version: String
    /// Wall-clock seconds since the epoch when the app started, and now.
    public var startedAt: Double
    public var now: Double
    /// The scene shown ("restaurants", "today", …).
    public var scene: String
    /// Wall-clock seconds since the epoch of the last touch (or key), nil: none yet.
    public var lastInputAt: Double?
    public var framesPresented: Int
    /// The last error the app logged, nil: none.
    public var lastError: String?
    /// Resident memory in bytes.
    public var residentBytes: Int
    /// What shows the frames ("kms /dev/dri/card0 Virtual-1 1280x800", "fbdev /dev/fb0", "x11").
    public var output: String
    /// Whether the panel is lit (false: blanked by --screen-schedule).
    public var panelLit: Bool

    public init(version: String, startedAt: Double, now: Double, scene: String, lastInputAt: Double?, framesPresented: Int,
                lastError: String?, residentBytes: Int, output: String, panelLit: Bool) {
        self.version = version; self.startedAt = startedAt; self.now = now; self.scene = scene; self.lastInputAt = lastInputAt
        self.framesPresented = framesPresented; self.lastError = lastError; self.residentBytes = residentBytes
        self.output = output; self.panelLit = panelLit
    }

    public var uptime: Double { max(0, now - startedAt) }

    /// The JSON object, on one line.
    public var json: String {
        JSONValue.object([
            ("version", .string(version)),
            ("uptime_seconds", .rounded(uptime)),
            ("started_at", .rounded(startedAt)),
            ("scene", .string(scene)),
            ("last_input_at", lastInputAt.map { .rounded($0) } ?? .null),
            ("seconds_since_input", lastInputAt.map { .rounded(max(0, now - $0)) } ?? .null),
            ("frames_presented", .int(framesPresented)),
            ("last_error", .optional(lastError)),
            ("resident_bytes", .int(residentBytes)),
            ("output", .string(output)),
            ("panel_lit", .bool(panelLit)),
        ]).serialized + "\n"
    }

    /// Prometheus' text format: each metric with its HELP and TYPE, the strings as labels of an
    /// info metric (the exposition format's way to carry text).
    public var prometheus: String {
        func label(_ s: String) -> String {
            var out = ""
            for c in s.unicodeScalars {
                switch c {
                case "\\": out += "\\\\"
                case "\"": out += "\\\""
                case "\n": out += "\\n"
                default: out.unicodeScalars.append(c)
                }
            }
            return "\"" + out + "\""
        }
        func number(_ d: Double) -> String { d.exactText }
        var lines: [String] = []
        func metric(_ name: String, _ type: String, _ help: String, _ value: String, labels: String = "") {
            lines += ["# HELP \(name) \(help)", "# TYPE \(name) \(type)", "\(name)\(labels) \(value)"]
        }
        metric("fling_info", "gauge", "Fling's version, scene and output (always 1).", "1",
               labels: "{version=\(label(version)),scene=\(label(scene)),output=\(label(output))}")
        metric("fling_start_time_seconds", "gauge", "When Fling started, seconds since the epoch.", number((startedAt * 1000).rounded() / 1000))
        metric("fling_uptime_seconds", "gauge", "Seconds since Fling started.", number((uptime * 1000).rounded() / 1000))
        if let lastInputAt {
            metric("fling_last_input_time_seconds", "gauge", "When the kiosk was last touched, seconds since the epoch.", number((lastInputAt * 1000).rounded() / 1000))
        }
        metric("fling_frames_presented_total", "counter", "Frames shown on the panel since Fling started.", String(framesPresented))
        metric("fling_resident_memory_bytes", "gauge", "Fling's resident memory.", String(residentBytes))
        metric("fling_panel_lit", "gauge", "1 while the panel is lit, 0 while its schedule blanks it.", panelLit ? "1" : "0")
        metric("fling_error", "gauge", "1 when Fling has logged an error, with the last one as a label.", lastError == nil ? "0" : "1",
               labels: lastError.map { "{message=\(label($0))}" } ?? "")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The text for a status file at `path`: Prometheus' format for `*.prom`, else JSON.
    public func text(forPath path: String) -> String { path.hasSuffix(".prom") ? prometheus : json }
}
