import CGraphviz
import Foundation

/// Lays out DOT and renders it, through the C shim, with typed errors.
///
/// By default each layout runs in a forked child process (C only between fork and `_exit`) with a
/// time budget: a graphviz hang is killed, an abort or crash becomes `RenderError.crashed`, and
/// every layout starts from the same library state, so the same DOT gives the same bytes.
/// Graphviz is not thread safe: every call goes through `lock`, one at a time.
public struct GraphvizRenderer: Sendable {
    /// Serialises all graphviz use in this process: the shim's recursive mutex, which an isolated
    /// layout also holds while it forks (and only then), so layouts can wait in parallel.
    struct Lock: Sendable {
        func lock() { ngv_lock() }
        func unlock() { ngv_unlock() }
    }
    static let lock = Lock()

    /// The shim's PNG device: graphviz's cairo renderer draws, the shim encodes (zlib level 1, no
    /// row filter) — the same pixels as `png`, a third of its CPU on big pictures.
    public static let fastPNG = "png:cairo:navgraph"

    /// Seconds a layout may take; nil for no limit (only with `isolated`).
    public var timeout: Double?
    /// Run the layout in a child process (default). `false` runs it here: for leak checks only.
    public var isolated: Bool

    public init(timeout: Double? = 120, isolated: Bool = true) {
        self.timeout = timeout
        self.isolated = isolated
    }

    /// What a layout produced.
    public struct Result: Sendable {
        /// One output per requested graphviz format, in order.
        public var outputs: [Data]
        /// Graphviz's warnings (captured, never printed).
        public var warnings: [String]
        /// Text graphviz wrote straight to stderr in the child (e.g. "triangulation failed").
        public var stray: String
        public var seconds: Double
    }

    /// Lays `dot` out with `engine` and renders it as each graphviz device in `formats` (svg, png, json, …).
    /// Isolated layouts may run from several threads at once (each in its own child).
    public func render(dot: String, engine: String, formats: [String]) throws(RenderError) -> Result {
        if !isolated { Self.lock.lock() }
        defer { if !isolated { Self.lock.unlock() } }
        var bytes = Array(dot.utf8)
        bytes.append(0)
        let cFormats = formats.map { strdup($0) }
        defer { cFormats.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = cFormats.map { UnsafePointer($0) }
        let r = bytes.withUnsafeBufferPointer { b in
            pointers.withUnsafeBufferPointer { f in
                b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { text in
                    ngv_layout_render(text, b.count - 1, engine, f.baseAddress, Int32(formats.count), timeout ?? 0,
                                      isolated ? 1 : 0)
                }
            }
        }
        guard let r else { throw .system("out of memory") }
        defer { ngv_result_free(r) }
        let messages = String(cString: r.pointee.messages).split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        let stray = String(cString: r.pointee.stderr_text)
        switch Int(r.pointee.status) {
        case Int(NGV_OK.rawValue):
            var outputs: [Data] = []
            for i in 0..<Int(r.pointee.count) {
                outputs.append(Data(bytes: r.pointee.outputs[i]!, count: r.pointee.lengths[i]))
            }
            return Result(outputs: outputs, warnings: messages, stray: stray, seconds: r.pointee.seconds)
        case Int(NGV_ERR_ENGINE.rawValue): throw .unknownEngine(engine, available: Self.plugins("layout"))
        case Int(NGV_ERR_FORMAT.rawValue):
            let bad = formats.first { !Self.plugins("device").contains(String($0.prefix { $0 != ":" })) } ?? formats.joined(separator: ",")
            throw .unknownFormat(bad, available: Self.plugins("device"))
        case Int(NGV_ERR_PARSE.rawValue): throw .unreadableDOT(messages: messages)
        case Int(NGV_ERR_LAYOUT.rawValue): throw .layoutFailed(engine: engine, messages: messages)
        case Int(NGV_ERR_RENDER.rawValue): throw .renderFailed(format: formats.joined(separator: ","), messages: messages)
        case Int(NGV_ERR_TIMEOUT.rawValue): throw .timedOut(seconds: timeout ?? 0)
        case Int(NGV_ERR_CRASHED.rawValue):
            let tail = stray.split(whereSeparator: \.isNewline).suffix(3).map(String.init)
            throw .crashed(signal: r.pointee.signal, messages: messages.suffix(3) + tail)
        default: throw .system(String(cString: strerror(errno)))
        }
    }

    /// The installed plugin names of a kind: "layout" (engines) or "device" (output formats).
    public static func plugins(_ kind: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        guard let list = ngv_plugin_list(kind) else { return [] }
        defer { ngv_free(list) }
        return String(cString: list).split(separator: " ").map(String.init)
    }

    /// Reads DOT back with graphviz (agmemread): node and edge counts, or nil and the messages.
    public static func reread(dot: String) -> (nodes: Int, edges: Int)? {
        lock.lock()
        defer { lock.unlock() }
        var nodes: Int32 = 0, edges: Int32 = 0
        var messages: UnsafeMutablePointer<CChar>?
        let ok = ngv_dot_parses(dot, &nodes, &edges, &messages)
        ngv_free(messages)
        return ok != 0 ? (Int(nodes), Int(edges)) : nil
    }

    /// A diagram's DOT text, written by libcgraph (before layout).
    public static func dot(for diagram: Diagram, engine: LayoutEngine = .dot, bounded: Bool = false) throws(RenderError) -> String {
        lock.lock()
        defer { lock.unlock() }
        return try GraphvizGraph.dot(for: diagram, engine: engine.rawValue, bounded: bounded)
    }

    static func dot(for diagram: Diagram, engine: String, bounded: Bool) throws(RenderError) -> String {
        lock.lock()
        defer { lock.unlock() }
        return try GraphvizGraph.dot(for: diagram, engine: engine, bounded: bounded)
    }
}
