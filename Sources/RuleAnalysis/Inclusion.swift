/// Inclusion and intersection of rule patterns, decided on their automata: the machinery of
/// `ShadowAnalysis`. A namespace, so that its types keep short names without taking them
/// from the rest of the module.
enum Inclusion {}
