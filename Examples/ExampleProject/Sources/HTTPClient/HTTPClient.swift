import Foundation
import HTTPClientInterface

public final class HTTPClient: HTTPClientProtocol {
    public init() {}

    public func get(_ path: String, completion: @escaping (Result<Data, Error>) -> Void) {
        completion(.success(Data()))
    }
}
