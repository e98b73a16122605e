/// A username or email that another account already has.
enum AccountConflict: Error, Equatable {
    case usernameTaken, emailTaken
}
