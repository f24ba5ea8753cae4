// The automaton against the reference matcher on documents and URLs that the fuzzer's bytes
// assemble from edge-case pieces: decide, decidePerApp and explain must all agree.
import FuzzSupport

FuzzDriver.run { bytes in
    var generator = CaseGenerator(ByteChoices(bytes))
    let agreement = Agreement(generator.document())
    repeat {
        agreement.check(generator.url())
    } while !generator.choices.isExhausted
}
