/// Holds the current path; screens change it to navigate.
final class AppStore {
    private let onPath: (String) -> Void

    init(onPath: @escaping (String) -> Void) {
        self.onPath = onPath
    }

    func setPath(_ path: String) {
        onPath(path)
    }
}
