import ArgumentParser
import Latchkey

/// Shows the EditProfile scene's view models.
final class ProfileView: CommandView, EditProfileDisplayLogic {
    func displayUpdate(viewModel: EditProfile.Update.ViewModel) {
        switch viewModel {
        case .success(let profile):
            let message =
                profile.pendingEmail.map {
                    "Profile updated. A code was sent to \($0): the address changes once it is verified "
                        + "('latchkey verify-email')."
                } ?? "Profile updated."
            show(message: message, json: profile, text: ProfileCardView.text(profile))
        case .failure(let failure): record(failure)
        }
    }

    func displayVerificationRequest(viewModel: EditProfile.RequestVerification.ViewModel) {
        switch viewModel {
        case .success(let address):
            let message = "A verification code was sent to \(address)."
            show(message: message, json: JSONOutput.Changed(message: message), text: nil)
        case .failure(let failure): record(failure)
        }
    }

    func displayVerification(viewModel: EditProfile.Verify.ViewModel) {
        switch viewModel {
        case .success(let address):
            let message = "Email address \(address) verified."
            show(message: message, json: JSONOutput.Changed(message: message), text: nil)
        case .failure(let failure): record(failure)
        }
    }
}
