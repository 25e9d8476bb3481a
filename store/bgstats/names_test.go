package bgstats

// ours is the names the app's games declare (games/<game>/profile.go), as
// the tests of this package read and write them.
var ours = NewNames(
	GameNames{ID: "fivecrowns", Export: "Five Crowns", Known: []string{"Five Crowns", "5 Crowns", "Les Cinq Rois", "Five Crowns (5 Rois)", "Cinq Rois", "Les 5 Rois", "5 Rois"}, BGGID: 1472},
	GameNames{ID: "taki", Export: "TAKI", Known: []string{"TAKI"}},
	GameNames{ID: "take5", Export: "Take 5! (Kramer)", Known: []string{"Take 5! (Kramer)", "Take 5 (Kramer)", "Take 5! (Amigo)", "Hornochsen", "Hornochsen!"}},
	GameNames{ID: "takefive", Export: "Take Five (tablekeeper)", Known: []string{"Take Five (tablekeeper)", "Take Five (Laffont)"}},
)
