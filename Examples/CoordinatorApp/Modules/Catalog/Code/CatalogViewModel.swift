import AppRouting
import Combine

final class CatalogViewModel: ObservableObject {
    @Published private(set) var items: [Product] = []
    private let catalog: CatalogServicing

    init(catalog: CatalogServicing) {
        self.catalog = catalog
    }

    func load() {
        items = catalog.products()
    }
}
