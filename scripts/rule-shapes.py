#!/usr/bin/env python3
"""Rule files of shapes the three profiles do not hold, 20 and 5,000 rules each, for the
workload's log: python3 scripts/rule-shapes.py data/bench/shapes

Each shape is written as SHAPE-5000.json and SHAPE-20.json (its first 20 rules). The globs
mix literals between `*`s (`*NNN*`, `/users/*/settings/word*`, `/images/*/NN?N*.webp`), the
kind a DFA over all of them finds hardest. docs/performance.md, "Rule shapes no profile
holds", times them."""
import json
import os
import random
import sys

random.seed(7)
WORDS = ["sierra", "raven", "royal", "towel", "watch", "sandals", "vista", "essential",
         "bamboo", "privacy"]


def word():
    return random.choice(WORDS)


def literal_path():
    k = random.random()
    if k < 0.3:
        return f"/products/{random.randint(100000, 999999)}"
    if k < 0.5:
        return f"/users/{random.randint(1000000, 99999999)}/settings/profile"
    if k < 0.7:
        return f"/p/{word()}-{word()}-{random.randint(0, 99)}"
    if k < 0.85:
        return f"/images/products/{random.randint(100000, 999999)}.webp"
    return "/search"


def glob():
    k = random.random()
    if k < 0.2:
        return f"/products/{random.randint(10, 99)}*"
    if k < 0.4:
        return f"/users/*/settings/{word()}*"
    if k < 0.6:
        return f"*{random.randint(100, 999)}*"
    if k < 0.8:
        return f"/p/{word()}-*-{random.randint(0, 9)}/*"
    return f"/images/*/{random.randint(10, 99)}?{random.randint(0, 9)}*.webp"


def path():
    return glob() if random.random() < 0.5 else literal_path()


def one_entry(components, app="ABCDE12345.com.example.app"):
    return {"applinks": {"details": [{"appIDs": [app], "components": components}]}}


def shapes(n):
    yield "app-per-entry", {"applinks": {"details": [
        {"appIDs": [f"TEAM{i:06d}.com.example.app{i}"], "components": [{"/": path()}]}
        for i in range(n)]}}
    yield "apps-wide", {"applinks": {"details": [
        {"appIDs": [f"TEAM{e:04d}.com.example.app{j}" for j in range(8)],
         "components": [dict({"/": path()}, **({"exclude": True} if random.random() < 0.2 else {}))
                        for _ in range(10)]}
        for e in range(n // 10)]}}
    yield "fragments", one_entry([
        {"/": path(), "#": random.choice(["*", "nav*", "?*", f"sec{random.randint(1, 99)}"])}
        for _ in range(n)])
    yield "legacy-not", {"applinks": {"apps": [], "details": [
        {"appID": "ABCDE12345.com.example.app",
         "paths": [("NOT " if random.random() < 0.3 else "") + path() for _ in range(n)]}]}}
    yield "case-insensitive", one_entry([
        dict({"/": path().upper() if random.random() < 0.5 else path(), "caseSensitive": False},
             **({"percentEncoded": False} if random.random() < 0.5 else {}))
        for _ in range(n)])
    yield "query-items", one_entry([
        dict({"/": random.choice(["/search", "/products/*", "/users/*/settings/*"]),
              "?": {"q": f"{random.randint(1, 99)}*",
                    "type": random.choice(["repos", "users", "*", "?*"])}},
             **({"exclude": True} if random.random() < 0.2 else {}))
        for _ in range(n)])
    yield "two-literals", one_entry([
        {"/": f"*{random.randint(10, 99)}*{word()}*"} for _ in range(n)])
    yield "infix-and-settings", one_entry([
        {"/": f"*{random.randint(100, 999)}*" if random.random() < 0.5
         else f"/users/*/settings/{word()}*"} for _ in range(n)])
    variables = {"region": ["us", "uk", "de", "fr", "jp", "br", "in", "au"],
                 "kind": ["products", "p", "users", "images"],
                 "num": [str(i) for i in range(10, 60)]}
    document = one_entry([{"/": random.choice([
        "/$(kind)/$(num)*", "/$(region)/$(kind)/*",
        f"/$(kind)/{random.randint(10, 99)}$(num)*", "/users/*/settings/$(kind)*"])}
        for _ in range(n)])
    document["applinks"]["substitutionVariables"] = variables
    yield "variables", document


def first_rules(document, count):
    document = json.loads(json.dumps(document))
    left, kept = count, []
    for entry in document["applinks"]["details"]:
        if left <= 0:
            break
        key = "components" if "components" in entry else "paths"
        entry[key] = entry[key][:left]
        left -= len(entry[key])
        kept.append(entry)
    document["applinks"]["details"] = kept
    return document


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: rule-shapes.py OUT_DIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, document in shapes(5000):
        for count, doc in ((5000, document), (20, first_rules(document, 20))):
            with open(os.path.join(out, f"{name}-{count}.json"), "w") as file:
                json.dump(doc, file)
        print(name)


if __name__ == "__main__":
    main()
