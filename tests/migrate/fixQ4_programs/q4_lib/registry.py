"""The registries: classes by name, and a factory choosing a text source class."""
from q4_lib import sources as src

REGISTRY = {
    "alpha": src.Alpha,
    "beta": src.Beta,
}


def make_text_source(kind):
    if kind == "plain":
        return src.TextSource(kind)
    elif kind == "upper":
        return src.UpperText(kind)
    raise ValueError(kind)
