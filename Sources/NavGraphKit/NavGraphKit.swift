// NavGraphKit is the library as one import: every stage below the scanner and the renderer
// (docs/architecture.md). Each stage is its own target; this file only re-exports them.
@_exported import NavGraphSupport
@_exported import NavGraphModel
@_exported import NavGraphSchema
@_exported import NavGraphGraph
@_exported import NavGraphChecks
@_exported import NavGraphOutputs
@_exported import NavGraphConfig
