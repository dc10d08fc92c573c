import Foundation

struct AppState {
    var route: String = ""
}

// Swift 2: the C-style `for` loop and `++` no longer parse; the rest of the file is still read.
final class AppStore {
    private(set) var state = AppState()
    private var subscribers: [AppState -> Void] = []

    func subscribe(subscriber: AppState -> Void) {
        subscribers.append(subscriber)
    }

    func setPath(path: String) {
        state.route = path
        for var i = 0; i < subscribers.count; ++i {
            subscribers[i](state)
        }
    }
}

func appStore() -> AppStore {
    return AppStore()
}
