import RouterServiceInterface

public protocol HTTPClientProtocol: Dependency {
    func get(_ path: String, completion: @escaping (Result<Data, Error>) -> Void)
}
