"""slam.openrpc.json and a real slamd's rpc.discover are valid OpenRPC documents.

Both are validated with the jsonschema package against the released OpenRPC
meta-schema committed as ``Protocol/openrpc-meta-schema.json`` (open-rpc/meta-schema
1.14.9), which refers to ``https://meta.json-schema.tools`` for every schema in a
document: that one is committed too (``Protocol/json-schema-tools-meta-schema.json``).
Both are draft-07 schemas; references resolve to the committed files only, and any
other remote reference fails the test instead of reaching the network.
"""

import json
from typing import Any, Dict, Iterator

import jsonschema

from support import PROTOCOL_DIRECTORY

OPENRPC_META_SCHEMA = PROTOCOL_DIRECTORY / "openrpc-meta-schema.json"
JSON_SCHEMA_META_SCHEMA = PROTOCOL_DIRECTORY / "json-schema-tools-meta-schema.json"
RELEASED_ADDRESS = "https://github.com/open-rpc/meta-schema/releases/download/1.14.9/open-rpc-meta-schema.json"
"""Where the committed meta-schema was released; what rpc.discover's result schema names."""


def load(path: Any) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def local_schemas() -> Dict[str, Any]:
    """The committed meta-schemas by every address they are referred to by."""
    openrpc, json_schema = load(OPENRPC_META_SCHEMA), load(JSON_SCHEMA_META_SCHEMA)
    return {
        openrpc["$id"]: openrpc,                              # https://meta.open-rpc.org/
        RELEASED_ADDRESS: openrpc,
        json_schema["$id"]: json_schema,                      # https://meta.json-schema.tools/
        json_schema["$id"].rstrip("/"): json_schema,          # as the OpenRPC meta-schema writes it
    }


def refuse(uri: str) -> Any:
    raise LookupError(f"{uri} is not committed under Protocol/: validation must not use the network")


def validator() -> Any:
    """A draft-07 validator of OpenRPC documents resolving references to the committed files."""
    schemas = local_schemas()
    meta_schema = schemas[RELEASED_ADDRESS]
    try:
        from referencing import Registry
        from referencing.jsonschema import DRAFT7
    except ImportError:  # jsonschema before 4.18 (Debian 12's python3-jsonschema is 4.10)
        resolver = jsonschema.RefResolver(
            meta_schema["$id"], meta_schema, store=schemas, handlers={"http": refuse, "https": refuse})
        return jsonschema.Draft7Validator(meta_schema, resolver=resolver)
    registry = Registry(retrieve=refuse).with_resources(
        (address, DRAFT7.create_resource(schema)) for address, schema in schemas.items())
    return jsonschema.Draft7Validator(meta_schema, registry=registry)


def problems(document: Any) -> Iterator[str]:
    for error in sorted(validator().iter_errors(document), key=lambda error: error.json_path):
        yield f"{error.json_path}: {error.message[:300]}"


def test_the_committed_meta_schemas_are_draft_07_schemas_referring_only_to_each_other():
    schemas = local_schemas()
    for schema in {id(schema): schema for schema in schemas.values()}.values():
        jsonschema.Draft7Validator.check_schema(schema)

    def references(value: Any) -> Iterator[str]:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "$ref" and isinstance(item, str):
                    yield item
                yield from references(item)
        elif isinstance(value, list):
            for item in value:
                yield from references(item)

    remote = {reference.split("#")[0] for schema in schemas.values() for reference in references(schema)} - {""}
    assert remote <= schemas.keys(), f"references to uncommitted schemas: {sorted(remote - schemas.keys())}"


def test_the_committed_description_is_valid_against_the_released_meta_schema():
    document = load(PROTOCOL_DIRECTORY / "slam.openrpc.json")
    assert list(problems(document)) == []


def test_the_live_discover_result_is_valid_and_names_the_released_meta_schema(slam_client):
    document = slam_client.discover()
    assert list(problems(document)) == []
    discover = next(method for method in document["methods"] if method["name"] == "rpc.discover")
    assert discover["result"]["schema"] == {"$ref": RELEASED_ADDRESS}


def test_the_validation_catches_what_the_meta_schema_forbids():
    document = load(PROTOCOL_DIRECTORY / "slam.openrpc.json")
    document["openrpc"] = "1.14.9"                              # the meta-schema's version, not the spec's
    document["methods"][0]["result"]["schema"] = {"type": 5}     # checked by the JSON Schema meta-schema
    document["components"]["errors"]["ElementNotFound"]["message"] = 7
    found = "\n".join(problems(document))
    assert "$.openrpc" in found
    assert "$.methods[0]" in found
    assert "$.components.errors.ElementNotFound.message" in found


def test_every_method_error_refers_to_a_component_and_every_component_is_referred_to():
    document = load(PROTOCOL_DIRECTORY / "slam.openrpc.json")
    components = document["components"]["errors"]
    referred = set()
    for method in document["methods"]:
        for error in method.get("errors", []):
            assert set(error) == {"$ref"}, f"{method['name']} repeats an error inline: {error}"
            prefix, _, name = error["$ref"].rpartition("/")
            assert prefix == "#/components/errors" and name in components, error["$ref"]
            referred.add(name)
    assert referred == set(components)
    assert sorted(error["code"] for error in components.values()) == list(range(-32019, -32000))
