package handlers

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/views"
)

func (s *Server) players(c echo.Context) error {
	r, err := s.roster(c)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, views.PlayersPage(r))
}

func (s *Server) roster(c echo.Context) (views.Roster, error) {
	m := memberOf(c)
	ps, err := s.store.Players(c.Request().Context(), m.group.ID)
	r := views.Roster{Group: m.nav()}
	for _, p := range ps {
		r.Players = append(r.Players, views.RosterPlayer{ID: p.ID, Name: p.Name, Archived: p.Archived(), Rename: views.NameForm{Name: p.Name}})
	}
	return r, err
}

func (s *Server) addPlayer(c echo.Context) error {
	m := memberOf(c)
	name := c.FormValue("name")
	if k := checkName(name); k != "" {
		r, err := s.roster(c)
		if err != nil {
			return err
		}
		r.Form = views.NameForm{Name: name, Error: views.T(s.viewCtx(c), k)}
		return s.render(c, http.StatusUnprocessableEntity, views.PlayersPage(r))
	}
	if _, err := s.store.AddPlayer(c.Request().Context(), m.group.ID, name); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/g/"+m.group.Slug+"/players")
}

func (s *Server) updatePlayer(c echo.Context) error {
	m := memberOf(c)
	id, err := strconv.ParseInt(c.Param("player"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	ctx := c.Request().Context()
	switch c.FormValue("op") {
	case "rename":
		name := c.FormValue("name")
		if k := checkName(name); k != "" {
			r, err := s.roster(c)
			if err != nil {
				return err
			}
			for i := range r.Players {
				if r.Players[i].ID == id {
					r.Players[i].Rename = views.NameForm{Name: name, Error: views.T(s.viewCtx(c), k)}
				}
			}
			return s.render(c, http.StatusUnprocessableEntity, views.PlayersPage(r))
		}
		err = s.store.RenamePlayer(ctx, m.group.ID, id, name)
	case "archive", "restore":
		err = s.store.SetArchived(ctx, m.group.ID, id, c.FormValue("op") == "archive")
	default:
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/g/"+m.group.Slug+"/players")
}
