import AppRouting
import Foundation
import Security

final class LiveCatalogService: CatalogServicing {
    private let items = [
        Product(id: "p-1", name: "Espresso cups", price: 24),
        Product(id: "p-2", name: "Milk jug", price: 17),
        Product(id: "p-3", name: "Tamper", price: 32),
    ]

    func products() -> [Product] {
        items
    }

    func product(id: String) -> Product? {
        items.first { $0.id == id }
    }
}

/// Keeps the session token in the keychain, so every instance sees the same login.
final class KeychainSession: SessionProviding {
    private let service = "com.example.coordinatorapp.session"

    var isLoggedIn: Bool {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
        ]
        return SecItemCopyMatching(query as CFDictionary, nil) == errSecSuccess
    }

    func logIn(email: String, password: String) async throws {
        let token = Data("\(email):\(UUID().uuidString)".utf8)
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecValueData as String: token,
        ]
        SecItemDelete(item as CFDictionary)
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else {
            throw NSError(domain: NSOSStatusErrorDomain, code: Int(status))
        }
    }
}

/// Values fetched from the remote config service at launch; until then every flag is off.
final class RemoteFeatureFlags: FeatureFlagsProviding {
    private let defaults = UserDefaults.standard

    func isEnabled(_ key: FeatureFlagKey) -> Bool {
        defaults.object(forKey: "remoteFlag.\(key.rawValue)") as? Bool ?? false
    }
}
