// Commands: the command line's entry point: parsing, dispatch to the app or a tool subcommand,
// options that may be given only once, and how errors map to exit statuses 0, 1 and 2.
import ArgumentParser
import FlingCore
import FoundationEssentials
import Glibc

/// A command Fling runs on the main actor (SDL lives there), returning its exit status:
/// 0, 1 for a runtime failure, 2 for bad input found late.
protocol FlingCommand: ParsableCommand {
    @MainActor func execute() -> Int32
}

/// A command whose options may each be given once (argument-parser keeps the last).
protocol SingleUseOptions {
    static var singleUseOptions: [String] { get }
}

/// The command line: parsing, dispatch, and the mapping of errors to exit statuses.
enum FlingCLI {
    /// The subcommands, in help order. A new tool is a `FlingCommand` type listed here.
    static let subcommands: [any ParsableCommand.Type] = [
        SpringCommand.self, VelocityCommand.self, GalleryCommand.self, BenchCommand.self, SoakCommand.self,
        ReplayCommand.self, ReportCommand.self, StudyCommand.self,
    ]

    /// Parses `args` and runs what they ask for; returns the exit status.
    @MainActor
    static func main(_ args: [String]) -> Int32 {
        let tool = args.first.flatMap { name in subcommands.first { $0.configuration.commandName == name } }
        // `fling help NAME` for a NAME that is no tool used to print the main help and exit 0:
        // an unknown topic is a usage error.
        if args.first == "help", args.count > 1, !args[1].hasPrefix("-"),
           !subcommands.contains(where: { $0.configuration.commandName == args[1] }) {
            let names = subcommands.compactMap { $0.configuration.commandName }.joined(separator: ", ")
            printError("fling: help: no tool '\(args[1])' (tools: \(names))")
            return 2
        }
        // A tool is parsed under a root without the app's options: argument-parser lets a
        // parent's options appear after a subcommand, so the app's --scale or --fps would
        // otherwise take the tool's.
        let root: any ParsableCommand.Type = tool == nil ? AppCommand.self : ToolsCommand.self
        do {
            var command = try root.parseAsRoot(args)
            if let tool = tool as? any SingleUseOptions.Type {
                try checkSingleUse(Array(args.dropFirst()), tool.singleUseOptions)
            } else if tool == nil {
                try checkAppOptionsOnce(args)
            }
            if let command = command as? any FlingCommand { return command.execute() }
            try command.run()   // argument-parser's own (`fling help spring`)
            return 0
        } catch {
            return report(error, root: root, tool: tool, args: args)
        }
    }

    static func checkSingleUse(_ args: [String], _ names: [String]) throws(UsageError) {
        var seen: Set<String> = []
        for a in args {
            let name = String(a.split(separator: "=", maxSplits: 1).first ?? "")
            guard names.contains(name) else { continue }
            guard seen.insert(name).inserted else { throw UsageError(message: "\(name) given twice") }
        }
    }

    /// The app's options each once: argument-parser keeps the last of `--record a --record b`
    /// without a word, so a recording the user asked for would silently not be made. (Every
    /// app option is one value or one switch; none adds up.)
    static func checkAppOptionsOnce(_ args: [String]) throws(UsageError) {
        var seen: [String: String] = [:]
        var i = 0
        while i < args.count, args[i] != "--" {
            let a = args[i]
            i += 1
            guard a.hasPrefix("--"), a.count > 2 else { continue }
            let parts = a.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let value = parts.count > 1 ? parts[1] : (i < args.count && !args[i].hasPrefix("-") ? args[i] : "")
            if let first = seen[name] {
                let values = first.isEmpty && value.isEmpty ? "" : " ('\(first)', then '\(value)')"
                throw UsageError(message: "\(name) given twice\(values): give it once")
            }
            seen[name] = value
        }
    }

    /// Help, version and completion requests to stdout with status 0; usage errors with the
    /// usage to stderr, status 2; anything else status 1.
    static func report(_ error: any Error, root: any ParsableCommand.Type, tool: (any ParsableCommand.Type)?, args: [String] = []) -> Int32 {
        let code = root.exitCode(for: error)
        if code == .success {
            print(root.fullMessage(for: error))
            return 0
        }
        let name = ["fling", tool?.configuration.commandName].compactMap { $0 }.joined(separator: " ")
        var message: String
        if let own = usageError(in: error) {
            message = own.message
        } else if code == .validationFailure {
            message = root.message(for: error)
            // "Missing value for '--plot <path>'" said as the hand-written parser did.
            if message.hasPrefix("Missing value for '"), let option = message.dropFirst(19).split(whereSeparator: { $0 == " " || $0 == "'" }).first {
                message = dashValueMessage(String(option), args, root: root) ?? "\(option) needs a value"
            }
            if let first = message.first { message = first.lowercased() + message.dropFirst() }
        } else {
            printError("\(name): \(root.message(for: error))")
            return 1
        }
        let usage = root.usageString(for: tool ?? root)
        printError(lines: ["\(name): \(message)", ""] + "usage: \(usage)".split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                   + ["  See '\(name) --help' for more information."])
        return 2
    }

    /// argument-parser reads a value that starts with '-' (`--size -390x844`, `--participant -P`)
    /// as an option and says the value is missing, though one was given. When the argument
    /// after `option` is such a value (not an option: those are `--NAME`, and `-h`), the
    /// message names it: the option's own complaint about it, read as `option=VALUE`, or how
    /// to give it.
    static func dashValueMessage(_ option: String, _ args: [String], root: any ParsableCommand.Type) -> String? {
        let end = args.firstIndex(of: "--") ?? args.count
        guard let i = args[..<end].indices.first(where: { args[$0] == option && $0 + 1 < end }) else { return nil }
        let value = args[i + 1]
        guard value.hasPrefix("-"), value.count > 1, !value.hasPrefix("--"), value != "-h" else { return nil }
        let how = "\(option): '\(value)' starts with '-', so it reads as an option: to give it as the value, write \(option)=\(value)"
        var spelled = args
        spelled.replaceSubrange(i...(i + 1), with: ["\(option)=\(value)"])
        do { _ = try root.parseAsRoot(spelled) } catch {
            // Only a complaint about this value: another option's would hide what was asked.
            if let own = usageError(in: error), own.message.hasPrefix(option) || own.message.contains("'\(value)'") { return own.message }
        }
        return how
    }

    /// Our own `UsageError`, wherever argument-parser wrapped it (a transform's error sits
    /// inside its "value is invalid" error, a `validate()` error inside its command error).
    static func usageError(in value: Any, depth: Int = 0) -> UsageError? {
        if let own = value as? UsageError { return own }
        guard depth < 8 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let own = usageError(in: child.value, depth: depth + 1) { return own }
        }
        return nil
    }
}

/// `fling [options]`: the app.
struct AppCommand: FlingCommand {
    static let configuration = CommandConfiguration(
        commandName: "fling",
        abstract: "iOS-grade sheets and cards for Linux desktops and touchscreen kiosks, drawn with SDL2.",
        usage: """
        fling [<options>]
          fling {\(FlingCLI.subcommands.compactMap { $0.configuration.commandName }.joined(separator: "|"))} [<options>]
        """,
        discussion: """
        Without a subcommand, opens the app on the Restaurants list. Ctrl+Tab switches scenes, \
        Tab goes through a scene's controls, \
        Esc closes the top sheet or card. With --headless it draws offscreen in virtual time \
        and takes its input from --script; the script format is under SCRIPTS in fling(1) and in docs/scripts.md.
        """,
        version: "fling \(FlingVersion.string)",
        subcommands: FlingCLI.subcommands)

    @OptionGroup var options: AppOptions

    func execute() -> Int32 {
        Log.level = options.logLevel
        return runApp(options)
    }
}

/// The root a tool is parsed under: the same name and subcommands, none of the app's options.
struct ToolsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fling", version: "fling \(FlingVersion.string)", subcommands: FlingCLI.subcommands)
}
