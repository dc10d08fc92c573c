import Foundation

class ModuleFactory: ProductRouter {
    private var appRouter: IAppRouter

    init(appRouter: IAppRouter) {
        self.appRouter = appRouter
    }

    // Every module, by its page key. `export` has none; ArchiveModule is in none.
    var modules: [String: BaseModule] {
        var result: [String: BaseModule] = [:]
        let homeModule = HomeModule(appRouter: self.appRouter)
        let historyModule = HistoryModule(appRouter: self.appRouter)
        let entryModule = EntryModule(appRouter: self.appRouter)

        result[PageModule.home.moduleKey] = homeModule
        result[PageModule.history.moduleKey] = historyModule
        result[PageModule.entry.moduleKey] = entryModule
        return result
    }

    func presentModule(_ module: Module, parameters: [String: Any]) {
        if let module = modules[module.moduleKey] {
            module.displayPage(parameters: parameters)
        }
    }
}
