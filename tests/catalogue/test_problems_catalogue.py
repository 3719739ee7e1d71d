"""API problem details carry the message's code, params, field and both texts."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.testclient import TestClient
from pydantic import BaseModel

from wertung.kernel.errors import InvalidDate, InvalidRating
from wertung.web.api.problems import problem_from_error, problem_from_validation


class Body(BaseModel):
    rating: int


def _app() -> FastAPI:
    app = FastAPI()

    @app.get("/rating")
    def rating() -> None:
        raise InvalidRating(
            "rating 9999 is out of range; ratings are 0 to 3500",
            code="rating.out_of_range",
            params={"label": "rating", "value": 9999, "low": 0, "high": 3500},
            field="rating",
        )

    @app.get("/year")
    def year() -> None:
        raise InvalidDate(
            "birth_year 3000 is not a year of birth",
            code="birth_year.invalid",
            params={"label": "birth_year", "value": "3000"},
            field="birth_year",
            player="7",
        )

    @app.post("/body")
    def body(data: Body) -> None:
        return None

    app.add_exception_handler(InvalidRating, problem_from_error)  # type: ignore[arg-type]
    app.add_exception_handler(InvalidDate, problem_from_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, problem_from_validation)  # type: ignore[arg-type]
    return app


client = TestClient(_app())


def test_problem_has_code_params_field_and_both_texts() -> None:
    answer = client.get("/rating")
    assert answer.status_code == 422
    assert answer.headers["content-type"] == "application/problem+json"
    data = answer.json()
    assert data["code"] == "rating.out_of_range"
    assert data["params"] == {"label": "rating", "value": 9999, "low": 0, "high": 3500}
    assert data["field"] == "rating"
    assert data["detail"] == "rating 9999 is out of range; ratings are 0 to 3500"
    assert data["texts"] == {
        "en": "rating 9999 is out of range; ratings are 0 to 3500",
        "de": "Wertungszahl 9999 liegt außerhalb des Bereichs; Wertungszahlen gehen von 0 bis 3500",
    }


def test_detail_in_the_requested_language() -> None:
    german = client.get("/year", headers={"Accept-Language": "de-DE,de;q=0.9"}).json()
    assert german["detail"] == "Geburtsjahr 3000 ist kein Geburtsjahr"
    assert german["player"] == "7" and german["code"] == "birth_year.invalid"
    assert client.get("/year?lang=de").json()["detail"] == german["detail"]
    english = client.get("/year?lang=en", headers={"Accept-Language": "de"}).json()
    assert english["detail"] == "birth year 3000 is not a year of birth"


def test_validation_problem_has_a_code_and_both_texts() -> None:
    data = client.post("/body", json={"rating": "x"}, headers={"Accept-Language": "de"}).json()
    assert data["code"] == "request.invalid" and data["field"] == "rating"
    assert data["detail"] == "Ungültige Eingabe im Feld rating"
    assert data["texts"]["en"].startswith("rating: ")
