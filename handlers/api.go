package handlers

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

// apiRoutes lists the JSON endpoints of API.md.
func (s *Server) apiRoutes(api *echo.Group) {
	for _, g := range s.games {
		if a, ok := g.(kit.API); ok {
			for _, ep := range a.Endpoints() {
				api.POST("/"+g.ID()+"/"+ep.Path, s.answer(ep))
			}
		}
	}
}

// maxBody is API.md's limit on a request body.
const maxBody = 64 << 10

func bodyLimit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.ContentLength > maxBody {
			return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
		}
		r.Body = http.MaxBytesReader(c.Response(), r.Body, maxBody)
		return next(c)
	}
}

func isAPI(c echo.Context) bool { return strings.HasPrefix(c.Request().URL.Path, "/api/") }

type apiError struct {
	Error apiErrorBody `json:"error"`
}

type apiErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
	// More is the question's other mistakes, after the first (the score
	// endpoints check every player); absent when there is one.
	More []apiMistake `json:"more,omitempty"`
}

// apiMistake is one more mistake of an invalid_state answer.
type apiMistake struct {
	Message string `json:"message"`
	Field   string `json:"field"`
}

// answer turns a game's endpoint (an engine's Answer function) into a handler: strict JSON in
// (unknown fields refused, one value only), the engine's answer out, an
// impossible state as 400 with the field at fault.
func (s *Server) answer(ep kit.Endpoint) echo.HandlerFunc {
	return func(c echo.Context) error {
		l := acceptLang(c.Request().Header.Get("Accept-Language"))
		req := ep.New()
		dec := json.NewDecoder(c.Request().Body)
		dec.DisallowUnknownFields()
		if err := dec.Decode(req); err != nil {
			return s.badJSON(c, err, l)
		}
		if _, err := dec.Token(); err != io.EOF {
			return c.JSON(http.StatusBadRequest, apiError{Error: apiErrorBody{Code: "invalid_json",
				Message: s.tr.Say(l, rulebook.Say("api.json.one"))}})
		}
		resp, err := ep.Call(req, l)
		var ie *rulebook.InputError
		if errors.As(err, &ie) {
			body := apiErrorBody{Code: "invalid_state", Message: s.tr.Mistake(l, ie), Field: ie.Field}
			for _, e := range kit.Mistakes(err)[1:] {
				var more *rulebook.InputError
				if errors.As(e, &more) {
					body.More = append(body.More, apiMistake{Message: s.tr.Mistake(l, more), Field: more.Field})
				}
			}
			return c.JSON(http.StatusBadRequest, apiError{Error: body})
		}
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, resp)
	}
}

// badJSON explains a body that could not be decoded.
func (s *Server) badJSON(c echo.Context, err error, l string) error {
	var mbe *http.MaxBytesError
	var ie *rulebook.InputError
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	body := apiErrorBody{Code: "invalid_json"}
	switch {
	case errors.As(err, &mbe):
		return c.JSON(http.StatusRequestEntityTooLarge, apiError{Error: apiErrorBody{Code: "too_large",
			Message: s.tr.Say(l, rulebook.Say("api.json.toolarge"))}})
	case errors.As(err, &ie):
		body = apiErrorBody{Code: "invalid_state", Message: s.tr.Mistake(l, ie), Field: ie.Field}
	case errors.As(err, &te):
		body.Field = te.Field
		var what any = te.Field
		if te.Field == "" {
			what = rulebook.Say("api.json.body")
		}
		body.Message = s.tr.Say(l, rulebook.Say("api.json.type", "What", what, "Kind", kindName(te.Type.Kind()), "Value", te.Value))
	case errors.As(err, &se):
		body.Message = s.tr.Say(l, rulebook.Say("api.json.syntax", "Offset", se.Offset))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		body = apiErrorBody{Code: "unknown_field", Field: name,
			Message: s.tr.Say(l, rulebook.Say("api.json.unknown", "Name", name, "Quoted", strconv.Quote(name)))}
	case errors.Is(err, io.EOF):
		body.Message = s.tr.Say(l, rulebook.Say("api.json.empty"))
	default:
		body.Message = s.tr.Say(l, rulebook.Say("api.json.invalid"))
	}
	return c.JSON(http.StatusBadRequest, apiError{Error: body})
}

// kindName says in words what JSON a Go kind expects.
func kindName(k reflect.Kind) rulebook.Msg {
	switch k {
	case reflect.Struct, reflect.Map:
		return rulebook.Say("api.json.kind.object")
	case reflect.Slice, reflect.Array:
		return rulebook.Say("api.json.kind.list")
	case reflect.String:
		return rulebook.Say("api.json.kind.string")
	case reflect.Bool:
		return rulebook.Say("api.json.kind.bool")
	case reflect.Pointer, reflect.Interface:
		return rulebook.Say("api.json.kind.other")
	}
	return rulebook.Say("api.json.kind.number")
}
