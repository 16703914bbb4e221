"""JSON Schema validation with one validator a schema, for the many tests that validate
scorecards: `jsonschema.validate` checks the schema against its metaschema and builds a new
validator at every call, 0.2 s of CPU for docs/scorecard.schema.json, three times what
validating a scorecard against it costs."""

from __future__ import annotations

import functools
import json
from typing import Any

import jsonschema
from jsonschema.exceptions import best_match
from jsonschema.protocols import Validator


def validate(instance: object, schema: dict[str, Any]) -> None:
    """As `jsonschema.validate`: a schema that is no schema raises SchemaError, an instance
    that does not follow it the best of its ValidationErrors."""
    error = best_match(_validator(json.dumps(schema, sort_keys=True)).iter_errors(instance))
    if error is not None:
        raise error


@functools.cache
def _validator(schema_text: str) -> Validator:
    schema = json.loads(schema_text)
    kind = jsonschema.validators.validator_for(schema)
    kind.check_schema(schema)
    return kind(schema)
