/// An output format of `navgraph render`, and the file extension it is written with.
public enum DiagramFormat: String, CaseIterable, Sendable, Codable {
    case svg, dot, png, json, mermaid
    /// One self-contained interactive page: the SVG, the data as JSON, and a script (`HTMLPage`).
    case html

    /// `Output/<stem>.<fileExtension>`.
    public var fileExtension: String {
        switch self {
        case .mermaid: return "mmd"
        default: return rawValue
        }
    }

    /// The graphviz device that produces it; nil for formats written without a layout
    /// (DOT is the graph as drawn, before layout; Mermaid is plain text).
    var graphvizDevice: String? {
        switch self {
        case .svg: return "svg"
        case .png: return "png"
        case .json: return "json"
        case .html: return "svg"  // the page embeds the SVG
        case .dot, .mermaid: return nil
        }
    }
}

/// Graphviz layout engines offered by `--engine`.
public enum LayoutEngine: String, CaseIterable, Sendable, Codable {
    case dot, sfdp, neato, fdp, circo, twopi
}
