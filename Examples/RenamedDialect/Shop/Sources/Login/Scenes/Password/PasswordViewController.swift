import UIKit

final class PasswordViewController: UIViewController, UITextFieldDelegate {
    private let presenter: PasswordPresenting
    private let field = UITextField()

    init(presenter: PasswordPresenting) {
        self.presenter = presenter
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Password"
        view.backgroundColor = .systemBackground
        field.placeholder = "At least 8 characters"
        field.isSecureTextEntry = true
        field.borderStyle = .roundedRect
        field.returnKeyType = .go
        field.delegate = self
        field.frame = CGRect(x: 20, y: 160, width: view.bounds.width - 40, height: 44)
        view.addSubview(field)
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        presenter.didSubmit(password: textField.text ?? "")
        return true
    }
}
