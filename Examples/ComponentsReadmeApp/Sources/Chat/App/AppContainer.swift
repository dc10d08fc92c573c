import Components
import UIKit

class AppContainer: ModuleContainer {
    private let storyboard = UIStoryboard(name: "Main", bundle: .main)

    override init() {
        super.init()
        addModuleInjection(AppModule.self) { [weak storyboard] module in
            module.controller = storyboard?.instantiateInitialViewController() as? ViewController
        }
    }
}
