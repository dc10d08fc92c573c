import AppRouting
import RouterService
import SwiftUI

struct CatalogListView: View {
    @ObservedObject var viewModel: CatalogViewModel
    let onSelect: (Route) -> Void

    var body: some View {
        List(viewModel.items) { item in
            Button {
                onSelect(ProductRoute(id: item.id))
            } label: {
                HStack {
                    Text(item.name)
                    Spacer()
                    Text(item.price, format: .currency(code: "EUR"))
                        .foregroundStyle(.secondary)
                }
            }
        }
        .onAppear { viewModel.load() }
    }
}
