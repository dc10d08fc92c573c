import Routing
import SwiftUI

struct CatalogView: View {
    let router: Router
    let items: [CatalogItem]

    var body: some View {
        List {
            Section {
                ForEach(items) { item in
                    HStack {
                        Text(item.name)
                        Spacer()
                        Text(item.price, format: .currency(code: "EUR"))
                            .foregroundStyle(.secondary)
                    }
                }
            }
            Section {
                NavigationLink {
                    router.link(for: WishlistRoute())
                } label: {
                    Label("Wishlist", systemImage: "heart")
                }
            }
        }
        .navigationTitle("Catalog")
    }
}
