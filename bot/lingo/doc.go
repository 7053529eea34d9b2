// Package lingo is Lingo as the help of the pbmserv network game server
// describes it ("Help for the Game of Lingo", its lingo challenge command;
// "the seed" in this package's comments), the cousin of Lexico in which
// tiles are stacked: the rules as data (Options, the tile sets) and code
// (Judge, the scorer), a move finder that is exhaustive (Finder), and games
// between bots and people (Game, Run, Bot, Human), on the square or the
// hexagonal board.
//
// What the seed says, and how it is read here:
//   - Players place 1 to Place tiles from a pool next to a tile or on top of
//     one (not on the same letter, unless Repeat); tiles placed together
//     must all be part of one word. There is no passing. (Judge)
//   - For each new tile and each axis only the best-scoring word through it
//     counts; words may read backwards and need not fill the line; a word
//     scores (sum of letter values) x (length - 1); the words' total is
//     multiplied by the number of words, a word counted once however many
//     new tiles it holds. (scorer; TestSeedExample and TestSeedHexExample
//     reproduce the seed's two examples, pictures included.)
//   - The game ends when a player runs out of tiles. (Game)
//
// Where the seed is silent or contradicts itself, the choice and its reason
// is documented where it is made: the pool size (Options.Pool), the small
// and default sets (Scale), the opening tile (NewBoard), the margin and
// size of the board (MaxSpan), ties between words (scorer.best), the end
// of the game (Game).
package lingo
