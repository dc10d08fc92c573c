import Foundation

protocol NetworkServicing: AnyObject {
    func greeting(for username: String) async -> String
}

final class URLSessionNetwork: NetworkServicing {
    private let session = URLSession.shared
    private let baseURL = URL(string: "https://shop.example.com/api")!

    func greeting(for username: String) async -> String {
        let url = baseURL.appendingPathComponent("greeting").appendingPathComponent(username)
        guard let (data, _) = try? await session.data(from: url),
              let text = String(data: data, encoding: .utf8) else {
            return "Welcome back, \(username)"
        }
        return text
    }
}
