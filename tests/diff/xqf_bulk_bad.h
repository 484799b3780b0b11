/*
 * xqf_bulk_bad.h - the 70 files of shared/corpus/xqf-bulk.tar.xz that hold
 * genuine errors, with the ply and kind of the first one reported (replay
 * reports in its walk order: the main line, then each variation; generated
 * from a run of diff_xqf_bulk, every kind checked by hand on sample boards):
 *   fen           15 mate diagrams with both kings in check: no side to
 *                 move makes the position possible
 *   illegal-move  45 a piece moved from an empty point or out of turn, or
 *                 a move that leaves the mover's king attacked
 *   move-after-end 1 a move after checkmate
 *   result         9 the result contradicts a final mate or stalemate
 *                 (found by the replay)
 */
struct bad {
	const char *sha1;
	int ply;
	const char *code;
	int errors;     /* errors reported in all (several bad lines) */
};

static const struct bad bad_files[] = {
	{ "0007ac2b9d5a0cb6733c93fec2db2dc52263cb56", 171, "illegal-move", 1 }, /* move e1d2: not a legal move here */
	{ "0be0a6dd73bde0c624bf7d7a1111896c0ee36aaf", 35, "illegal-move", 1 }, /* move h1h7: no piece on its from-square */
	{ "123a2b4ceee1a8f50e8c9b007cbc83d3332db93d", 19, "illegal-move", 2 }, /* move d8e8: not a legal move here */
	{ "15c4dfe0c2a5749e1def94389d6707b280abf067", 90, "illegal-move", 1 }, /* move e7d7: not a legal move here */
	{ "182d53aecdd5278b7a60b3cf3d56dd982e3e016b", 65, "result", 1 }, /* result 1/2-1/2 contradicts the final position: Black is chec */
	{ "1c3f23f7e3e19a2a44961d866046bc6847cd0a57", 15, "illegal-move", 7 }, /* move e0e1: not a legal move here */
	{ "1e8b18f244784cf175977d7c608f05bbe42694f3", 69, "illegal-move", 10 }, /* move b5c7: not a legal move here */
	{ "207d19ee79852c99ff2c34549afe56d2db98294c", 86, "illegal-move", 1 }, /* move f6f8: not a legal move here */
	{ "21e7f48969488ccf746b1cad907cf02ec834129f", 18, "illegal-move", 2 }, /* move e9e8: not a legal move here */
	{ "22a52f05242428ffec62f35c9054a18fde989067", 33, "illegal-move", 1 }, /* move b6b7: no piece on its from-square */
	{ "2505ed5f657e4918c371605909b793cd3c1bad06", 54, "result", 1 }, /* result 1-0 contradicts the final position: Red is checkmated */
	{ "2a527aceaee870f95da356c28d841e3f15e92244", 35, "illegal-move", 1 }, /* move f9f8: no piece on its from-square */
	{ "2c5f2c4725ac1eaf73dfeb75f36b0dd5c8c27cca", 0, "fen", 1 }, /* both kings in check */
	{ "31df31a053135d592013558ea6752e3b50095aa0", 0, "fen", 1 }, /* both kings in check */
	{ "35d5cfae934590317083bc46bb5db6944902bcc0", 64, "illegal-move", 1 }, /* move e8d7: not a legal move here */
	{ "379e59f75dc8a6d09173241ccf9c92bb5158490b", 26, "illegal-move", 1 }, /* move f1f0: not a legal move here */
	{ "39db9e747a8f23611c55707e1b301b5fe97a0955", 50, "illegal-move", 1 }, /* move d9e9: not a legal move here */
	{ "3b00396b48189c510f34980b106116c3a30d6a45", 28, "illegal-move", 1 }, /* move e8d8: not a legal move here */
	{ "3f65e833abc330c53d7ccb7a401b097b56a70185", 0, "fen", 1 }, /* both kings in check */
	{ "40b37d4c3e0711a219282eabfcfaa37e04739d8a", 34, "illegal-move", 1 }, /* move c7d5: not a legal move here */
	{ "420b61de81f22c76fc2641726d076271775399fb", 65, "illegal-move", 1 }, /* move e2g4: not a legal move here */
	{ "44f29c52817db8ffd8134ac54ccfba99dbeb6caf", 18, "illegal-move", 1 }, /* move f7e7: not a legal move here */
	{ "4fdeed96425c5cb5bacf8921e687292ce3c02447", 48, "illegal-move", 1 }, /* move e7f7: not a legal move here */
	{ "55202fa0e6ff2feff6842ace3f854b723d75bdb4", 0, "fen", 1 }, /* both kings in check */
	{ "55fd0c80cb0551878af7af13f9f1e5f861164bd7", 0, "fen", 1 }, /* both kings in check */
	{ "5711971d052f7951a137f081aee7e475631267de", 18, "illegal-move", 1 }, /* move d8d9: no piece on its from-square */
	{ "59f3592a4f9264c609753779b8f90cbe07a67350", 40, "illegal-move", 1 }, /* move g0f0: not a legal move here */
	{ "5b064f9c3ebc2ca5747a5f551818694339e300b7", 11, "illegal-move", 1 }, /* move f1e1: not a legal move here */
	{ "5e8d076e43747a20bdd9a9deab10fea72127b186", 29, "result", 1 }, /* result 1/2-1/2 contradicts the final position: Black is chec */
	{ "613330cb134daa212b334df1100e8a9b91a47524", 0, "fen", 1 }, /* both kings in check */
	{ "680c25ecf6cc278304cf9607aa20d70ec9b0427e", 22, "illegal-move", 1 }, /* move f7e7: not a legal move here */
	{ "6838fe0b7a796514e2b68a123bf1642dddaf071a", 10, "illegal-move", 1 }, /* move e1f0: no piece on its from-square */
	{ "6f80b54f23fb250b9c27af4c51e0f85fb025e5e7", 17, "illegal-move", 1 }, /* move h4e4: not a legal move here */
	{ "70df79f03cb32367b8a7838c16d4fa13500ae5e1", 12, "illegal-move", 1 }, /* move f2f1: not a legal move here */
	{ "752faca4a4d385ad7555bcd4dc06c6b10945d785", 0, "fen", 1 }, /* both kings in check */
	{ "78d225f507fdb8b6a73743d581d7f3364cba84dc", 70, "illegal-move", 1 }, /* move f9e8: not a legal move here */
	{ "7fb7537e8d299ab3d429d181f47fdff50dfc604b", 34, "illegal-move", 1 }, /* move f9f8: not a legal move here */
	{ "8a056b5ce51e7f601691e378ece24a16ceddf714", 74, "illegal-move", 1 }, /* move e7f7: no piece on its from-square */
	{ "909e90330b7bfaa1389befdc78a56339a6ded43b", 69, "result", 1 }, /* result 1/2-1/2 contradicts the final position: Black is chec */
	{ "90d30e4da01810fd33ecfd064d8e796441bd70ce", 45, "illegal-move", 1 }, /* move d5d6: not a legal move here */
	{ "9422c7a8e2fb4bf0a41fb1469ac95cc86d3704ce", 13, "illegal-move", 1 }, /* move c6c5: it moves a black piece on red's turn */
	{ "965a501b51cfbfa29257ea60222c930a3572fce9", 58, "illegal-move", 1 }, /* move e8f7: not a legal move here */
	{ "98f94fa1e5b0570c7e65cef79889e8d3009e3a98", 82, "illegal-move", 1 }, /* move e9e8: not a legal move here */
	{ "a0cf3ee5b1b28e6a1349853acfe3e617a159ef5e", 12, "illegal-move", 1 }, /* move e8f8: not a legal move here */
	{ "a22e23168dd2dac52cd803bb429a76bbe2f71f53", 181, "illegal-move", 1 }, /* move h6g6: not a legal move here */
	{ "a505d0fdec022998ab303e81abac82a916c4eeff", 82, "illegal-move", 1 }, /* move c9e7: not a legal move here */
	{ "a63c7e8b19e0a37e26ffae59d7954ef72f8a40d8", 12, "result", 1 }, /* result 1-0 contradicts the final position: Red is checkmated */
	{ "aa12e8f16e68d860b136c8e36c85f5c1d561a76b", 17, "move-after-end", 1 }, /* move e0d0 after checkmate */
	{ "ab0b5c47c27ceaeb9af34df3367563b1d2b6f5e3", 63, "result", 1 }, /* result 1/2-1/2 contradicts the final position: Black is stal */
	{ "aee8b0dee1586fb46b4b5b3ae7b5746327b176da", 0, "fen", 1 }, /* both kings in check */
	{ "af07747a96713fa47f5346957115d2ed5daa3e50", 163, "illegal-move", 1 }, /* move e2g4: not a legal move here */
	{ "afd6e36d86aa9e986c83a4f0aa347ca732c253a8", 181, "illegal-move", 1 }, /* move h6g6: not a legal move here */
	{ "b112be81cc8081f86ac5253d54a9d95fa07b59c4", 0, "fen", 1 }, /* both kings in check */
	{ "b17eccd5be0f9258e9f2b826fd9917bea600723a", 0, "fen", 1 }, /* both kings in check */
	{ "b298b385edf23167c25ab11cd2512fb58cfd2083", 171, "illegal-move", 1 }, /* move e1d2: not a legal move here */
	{ "b6d18591e002e3dcfb5ece68d21ae3f6eea5f0af", 18, "illegal-move", 1 }, /* move e7f9: not a legal move here */
	{ "b9cf62ac782472aae5b81d479e1f7ae5655f5acc", 0, "fen", 1 }, /* both kings in check */
	{ "ba4530c2933a210b7c50c940570b0a056a0a23d0", 19, "result", 1 }, /* result 1/2-1/2 contradicts the final position: Black is chec */
	{ "bdcbe6d33841e2f77adddb0fc93438b757109f0f", 155, "illegal-move", 1 }, /* move f5f4: not a legal move here */
	{ "beed5e30bf6d7b46b8df395949449329b70c7c2f", 0, "fen", 1 }, /* both kings in check */
	{ "c23a958667ae813ce1199c8f4356e6e74e74c345", 35, "illegal-move", 1 }, /* move f0f1: not a legal move here */
	{ "c5b12c529f554e3eac0cbdd28f8d74d071cf23b8", 121, "illegal-move", 1 }, /* move g7g8: not a legal move here */
	{ "c740f561e5abf223370965edb911e940a06c46bb", 0, "fen", 1 }, /* both kings in check */
	{ "c86af825386625b78cb258234c686358f88a3c0c", 0, "fen", 1 }, /* both kings in check */
	{ "cdd407ebb479780f9ad9995bbabd789858e95d52", 82, "illegal-move", 3 }, /* move e9e8: not a legal move here */
	{ "d0cd11c3a9395df0183200f791d71e7612aded05", 0, "fen", 1 }, /* both kings in check */
	{ "d29678bcc5aa113d2ab7fd36d55c41829ede07c7", 50, "result", 1 }, /* result 1/2-1/2 contradicts the final position: Red is checkm */
	{ "d9e2a8ea0511c1082a8f32bf42dd6062c6de341c", 74, "illegal-move", 1 }, /* move e7f7: no piece on its from-square */
	{ "de92bf711c2dba15069c88afdb6daac4ba72b215", 17, "result", 1 }, /* result 0-1 contradicts the final position: Black is checkmat */
	{ "dfb24a763e5b9d11cb9717cbe816f7739c5646a6", 95, "illegal-move", 1 }, /* move e1f2: not a legal move here */
};
