/// The country calling codes ITU-T E.164 assigns (list of 2024): 1 and 7 take one digit,
/// a fixed set takes two, the rest of the assigned codes take three.
enum CallingCodes {
    static let oneDigit: Set<String> = ["1", "7"]

    static let twoDigit: Set<String> = [
        "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47", "48", "49",
        "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66", "81", "82", "84",
        "86", "90", "91", "92", "93", "94", "95", "98",
    ]

    static let threeDigit: Set<String> = [
        // Zone 2: Africa and a few islands.
        "211", "212", "213", "216", "218", "220", "221", "222", "223", "224", "225", "226", "227", "228", "229",
        "230", "231", "232", "233", "234", "235", "236", "237", "238", "239", "240", "241", "242", "243", "244",
        "245", "246", "247", "248", "249", "250", "251", "252", "253", "254", "255", "256", "257", "258", "260",
        "261", "262", "263", "264", "265", "266", "267", "268", "269", "290", "291", "297", "298", "299",
        // Zones 3 and 4: Europe.
        "350", "351", "352", "353", "354", "355", "356", "357", "358", "359", "370", "371", "372", "373", "374",
        "375", "376", "377", "378", "379", "380", "381", "382", "383", "385", "386", "387", "389", "420", "421",
        "423",
        // Zone 5: Central and South America.
        "500", "501", "502", "503", "504", "505", "506", "507", "508", "509", "590", "591", "592", "593", "594",
        "595", "596", "597", "598", "599",
        // Zone 6: Oceania.
        "670", "672", "673", "674", "675", "676", "677", "678", "679", "680", "681", "682", "683", "685", "686",
        "687", "688", "689", "690", "691", "692",
        // Zone 8: East Asia and global services.
        "800", "808", "850", "852", "853", "855", "856", "870", "878", "880", "881", "882", "883", "886", "888",
        // Zone 9: West, Central and South Asia.
        "960", "961", "962", "963", "964", "965", "966", "967", "968", "970", "971", "972", "973", "974", "975",
        "976", "977", "979", "992", "993", "994", "995", "996", "998",
    ]

    /// The assigned calling code that `digits` starts with, or nil.
    static func code(prefixing digits: String) -> String? {
        for (length, codes) in [(1, oneDigit), (2, twoDigit), (3, threeDigit)] {
            let candidate = String(digits.prefix(length))
            if codes.contains(candidate) { return candidate }
        }
        return nil
    }

    /// The same for the ASCII digits of stored text, read without copying them first and without
    /// building a list of the sets (every whoami reads a stored number).
    static func code(prefixing digits: Substring.UTF8View) -> String? {
        for length in 1...3 {
            let candidate = String(Substring(digits.prefix(length)))
            let codes = length == 1 ? oneDigit : length == 2 ? twoDigit : threeDigit
            if codes.contains(candidate) { return candidate }
        }
        return nil
    }
}
