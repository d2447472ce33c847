// The proof-of-work solver's thread (decision record 108): ALTCHA's own worker, which answers
// `work` and `abort` messages with altcha-lib's solveChallenge, so the page never hashes.
import "altcha-lib/v1/worker";
