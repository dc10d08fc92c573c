import Foundation

struct CatalogItem: Identifiable {
    let id: String
    let name: String
    let price: Decimal

    static let samples = [
        CatalogItem(id: "c-1", name: "Linen shirt", price: 49),
        CatalogItem(id: "c-2", name: "Canvas tote", price: 19),
        CatalogItem(id: "c-3", name: "Wool beanie", price: 25),
    ]
}
