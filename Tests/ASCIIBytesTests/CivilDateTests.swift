import ASCIIBytes
import Testing

struct CivilDateTests {
    @Test(arguments: [
        (0, 1970, 1, 1), (-1, 1969, 12, 31), (19_844, 2024, 5, 1), (11_016, 2000, 2, 29),
        (-25_508, 1900, 3, 1), (-719_468, 0, 3, 1),
    ])
    func knownDays(days: Int, year: Int, month: Int, day: Int) {
        let date = CivilDate(daysSinceEpoch: days)
        #expect([date.year, date.month, date.day] == [year, month, day], "day \(days)")
    }

    /// Walks 1,200 years day by day with a plain calendar (month lengths, the leap rule) and
    /// checks every day against the formula.
    @Test func everyDayOfTwelveCenturiesFollowsTheCalendar() {
        func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
        func length(_ year: Int, _ month: Int) -> Int {
            month == 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].contains(month) ? 30 : 31
        }
        var (year, month, day) = (1600, 1, 1)
        let start = CivilDate(daysSinceEpoch: -135_140)
        #expect([start.year, start.month, start.day] == [1600, 1, 1])
        var mismatches = 0
        for days in -135_140..<(-135_140 + 438_291) {
            let date = CivilDate(daysSinceEpoch: days)
            if [date.year, date.month, date.day] != [year, month, day] { mismatches += 1 }
            day += 1
            if day > length(year, month) { (day, month) = (1, month + 1) }
            if month > 12 { (month, year) = (1, year + 1) }
        }
        #expect(mismatches == 0)
        #expect([year, month, day] == [2800, 1, 1])
    }
}
