import NavGraphKit

/// RouterService (`Feature` / `Route` / `RouteHandler`, and renamed copies the sources declare): a style
/// like the other four, read by `RegistryAssembler`. Its routes stay unmarked (`system:` absent), as a
/// hand-written registry's are.
enum RouterServiceExtractor: StyleExtractor {
    static let style = RoutingStyle.routerService

    /// RouterService is always read under `--style auto`; the scan lists it among the styles found only
    /// when it found a feature, route or handler.
    static func detect(in index: SemanticIndex, files: [FileFacts]) -> Bool { true }

    static func extract(from index: SemanticIndex, files: [FileFacts], config: ScanConfiguration) -> StyleExtraction {
        var assembler = RegistryAssembler(config: config)
        assembler.fallbackRequirements = index.fallbackRequirements
        var found = StyleExtraction()
        found.registry = assembler.assemble(files, index: index)
        found.warnings = assembler.warnings
        found.explanations = assembler.explanations
        return found
    }
}
