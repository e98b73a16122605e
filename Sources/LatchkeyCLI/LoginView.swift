import ArgumentParser
import Foundation
import Latchkey

/// Shows the Login scene's view model, keeps the token, then asks the router for the WhoAmI scene.
final class LoginView: CommandView, LoginDisplayLogic, WhoAmIDisplayLogic {
    var scene: LoginScene?
    private let showToken: Bool
    private let sessionFile: SessionFile
    private var token: SessionToken?
    private let readCode: () throws(CLIError) -> String

    init(json: Bool, showToken: Bool, sessionFile: SessionFile, readCode: @escaping () throws(CLIError) -> String) {
        self.showToken = showToken
        self.sessionFile = sessionFile
        self.readCode = readCode
        super.init(json: json)
    }

    func displayLogin(viewModel: Login.Authenticate.ViewModel) {
        let result: SignInResult
        switch viewModel {
        case .success(let value): result = value
        case .failure(let failure): return record(failure)
        }
        let signedIn = "Signed in as \(result.principal?.username ?? "")."
        switch result.status {
        case .signedIn:
            guard keep(result.token, saying: signedIn) else { return }
            scene?.router.routeToWhoAmI(display: self).interactor.fetchProfile(request: .init(source: .handedOver))
        case .passwordChangeRequired:
            // The session serves only `latchkey passwd`: no card.
            let message = signedIn + " A new password is required before anything else: change it now."
            guard keep(result.token, saying: message + " Run: latchkey passwd") else { return }
            if json { emit { () throws(CLIError) in try Console.json(JSONOutput.PasswordChangeRequired()) } }
        case .secondFactorRequired:
            // Asked only now that the password is known to be right (as GitHub's CLI does).
            let code: String
            do { code = try readCode() } catch {
                record(error)
                return
            }
            let challenge = LoginChallenge(secret: result.challenge ?? "")
            scene?.interactor.completeLogin(request: .init(challenge: challenge, code: code))
        }
    }

    /// Saves the token and tells the user; a token that cannot be kept has its session ended at once.
    private func keep(_ text: String?, saying message: String) -> Bool {
        guard let token = text.flatMap(SessionToken.init) else {
            record(LatchkeyError(code: .internalError, message: "Internal error: a sign-in answered no token."))
            return false
        }
        do {
            try sessionFile.write(token)
            try Console.message(message)
        } catch {
            scene?.interactor.abandonSession(request: .init(token: token))
            record(error)
            return false
        }
        self.token = token
        return true
    }

    func displayProfile(viewModel: WhoAmI.Profile.ViewModel) {
        switch viewModel {
        case .success(let profile):
            let token = showToken ? token?.secret : nil
            show(
                message: nil, json: JSONOutput.SignedIn(profile: profile, token: token),
                text: ProfileCardView.text(profile))
        case .failure(let failure):
            record(failure)
        }
    }
}
