// warpkit instruction encodings: SystemVerilog package.
// Generated from crates/isa/instructions.isa by `warpkit export`; a test fails when this file is out of date. Do not edit by hand.
//
// Per variant X (mnemonic upper-cased, '.' -> '_'):
//   MATCH_X, MASK_X  (insn & MASK_X) == MATCH_X exactly when insn encodes X with every
//                    reserved and unnamed bit zero: the mask covers opcode, function code,
//                    reserved bits and the slots X does not name. As wide as the instruction
//                    (a 64-bit variant's second word is bits 63:32).
//   OPCODE_X, FUNCT_X (0 where the format has none), SIZE_X (bytes),
//   FORMAT_X (FMT_*), LATENCY_X (cycles; 0 for asynchronous variants),
//   ASYNC_X (0 or UNIT_*), ID_X (index of X in warpkit-isa's table).
// Per format F and field N: FMT_F_N_LO, FMT_F_N_WIDTH (every format has OP and FUNCT;
// FUNCT width 0 where it has no function code).
// The mask also covers the bits inside operands that must be zero: the low bits of an
// aligned register group, neg/abs bits of sources X lacks, a branch offset's low 2 bits.
// A matching word decodes to X except where a field holds a reserved value no mask can
// express (rm 5-6, dim 10-15, a v group running past v127): those are listed per
// variant at the end ("Reserved values"); warpkit's decoder refuses them (IllegalInsn).

package warpkit_isa_pkg;

  localparam int NUM_INSNS = 501;
  localparam int NUM_FORMATS = 24;

  // Asynchronous units (ASYNC_X); 0 = fixed latency.
  localparam int UNIT_TEX = 1;
  localparam int UNIT_VST = 2;
  localparam int UNIT_LS = 3;

  // Formats (FORMAT_X) and their fields, low bit and width.
  localparam int FMT_R = 0;
  localparam int FMT_R_OP_LO = 0;
  localparam int FMT_R_OP_WIDTH = 7;
  localparam int FMT_R_FUNCT_LO = 7;
  localparam int FMT_R_FUNCT_WIDTH = 4;
  localparam int FMT_R_RD_LO = 11;
  localparam int FMT_R_RD_WIDTH = 7;
  localparam int FMT_R_RS1_LO = 18;
  localparam int FMT_R_RS1_WIDTH = 7;
  localparam int FMT_R_RS2_LO = 25;
  localparam int FMT_R_RS2_WIDTH = 7;
  localparam int FMT_RU = 1;
  localparam int FMT_RU_OP_LO = 0;
  localparam int FMT_RU_OP_WIDTH = 7;
  localparam int FMT_RU_FUNCT_LO = 7;
  localparam int FMT_RU_FUNCT_WIDTH = 5;
  localparam int FMT_RU_RD_LO = 12;
  localparam int FMT_RU_RD_WIDTH = 7;
  localparam int FMT_RU_RS1_LO = 19;
  localparam int FMT_RU_RS1_WIDTH = 7;
  localparam int FMT_RU_RS2_LO = 26;
  localparam int FMT_RU_RS2_WIDTH = 6;
  localparam int FMT_I8 = 2;
  localparam int FMT_I8_OP_LO = 0;
  localparam int FMT_I8_OP_WIDTH = 7;
  localparam int FMT_I8_FUNCT_LO = 7;
  localparam int FMT_I8_FUNCT_WIDTH = 3;
  localparam int FMT_I8_RD_LO = 10;
  localparam int FMT_I8_RD_WIDTH = 7;
  localparam int FMT_I8_RS1_LO = 17;
  localparam int FMT_I8_RS1_WIDTH = 7;
  localparam int FMT_I8_IMM_LO = 24;
  localparam int FMT_I8_IMM_WIDTH = 8;
  localparam int FMT_R1 = 3;
  localparam int FMT_R1_OP_LO = 0;
  localparam int FMT_R1_OP_WIDTH = 7;
  localparam int FMT_R1_FUNCT_LO = 7;
  localparam int FMT_R1_FUNCT_WIDTH = 11;
  localparam int FMT_R1_RD_LO = 18;
  localparam int FMT_R1_RD_WIDTH = 7;
  localparam int FMT_R1_RS1_LO = 25;
  localparam int FMT_R1_RS1_WIDTH = 7;
  localparam int FMT_R1U = 4;
  localparam int FMT_R1U_OP_LO = 0;
  localparam int FMT_R1U_OP_WIDTH = 7;
  localparam int FMT_R1U_FUNCT_LO = 7;
  localparam int FMT_R1U_FUNCT_WIDTH = 12;
  localparam int FMT_R1U_RD_LO = 19;
  localparam int FMT_R1U_RD_WIDTH = 7;
  localparam int FMT_R1U_RS1_LO = 26;
  localparam int FMT_R1U_RS1_WIDTH = 6;
  localparam int FMT_LI = 5;
  localparam int FMT_LI_OP_LO = 0;
  localparam int FMT_LI_OP_WIDTH = 7;
  localparam int FMT_LI_FUNCT_LO = 0;
  localparam int FMT_LI_FUNCT_WIDTH = 0;
  localparam int FMT_LI_RD_LO = 7;
  localparam int FMT_LI_RD_WIDTH = 7;
  localparam int FMT_LI_IMM_LO = 14;
  localparam int FMT_LI_IMM_WIDTH = 18;
  localparam int FMT_C = 6;
  localparam int FMT_C_OP_LO = 0;
  localparam int FMT_C_OP_WIDTH = 7;
  localparam int FMT_C_FUNCT_LO = 7;
  localparam int FMT_C_FUNCT_WIDTH = 5;
  localparam int FMT_C_RD_LO = 12;
  localparam int FMT_C_RD_WIDTH = 6;
  localparam int FMT_C_RS1_LO = 18;
  localparam int FMT_C_RS1_WIDTH = 7;
  localparam int FMT_C_RS2_LO = 25;
  localparam int FMT_C_RS2_WIDTH = 7;
  localparam int FMT_CU = 7;
  localparam int FMT_CU_OP_LO = 0;
  localparam int FMT_CU_OP_WIDTH = 7;
  localparam int FMT_CU_FUNCT_LO = 7;
  localparam int FMT_CU_FUNCT_WIDTH = 6;
  localparam int FMT_CU_RD_LO = 13;
  localparam int FMT_CU_RD_WIDTH = 6;
  localparam int FMT_CU_RS1_LO = 19;
  localparam int FMT_CU_RS1_WIDTH = 7;
  localparam int FMT_CU_RS2_LO = 26;
  localparam int FMT_CU_RS2_WIDTH = 6;
  localparam int FMT_CI = 8;
  localparam int FMT_CI_OP_LO = 0;
  localparam int FMT_CI_OP_WIDTH = 7;
  localparam int FMT_CI_FUNCT_LO = 7;
  localparam int FMT_CI_FUNCT_WIDTH = 4;
  localparam int FMT_CI_RD_LO = 11;
  localparam int FMT_CI_RD_WIDTH = 6;
  localparam int FMT_CI_RS1_LO = 17;
  localparam int FMT_CI_RS1_WIDTH = 7;
  localparam int FMT_CI_IMM_LO = 24;
  localparam int FMT_CI_IMM_WIDTH = 8;
  localparam int FMT_UR = 9;
  localparam int FMT_UR_OP_LO = 0;
  localparam int FMT_UR_OP_WIDTH = 7;
  localparam int FMT_UR_FUNCT_LO = 7;
  localparam int FMT_UR_FUNCT_WIDTH = 7;
  localparam int FMT_UR_RD_LO = 14;
  localparam int FMT_UR_RD_WIDTH = 6;
  localparam int FMT_UR_RS1_LO = 20;
  localparam int FMT_UR_RS1_WIDTH = 6;
  localparam int FMT_UR_RS2_LO = 26;
  localparam int FMT_UR_RS2_WIDTH = 6;
  localparam int FMT_UI = 10;
  localparam int FMT_UI_OP_LO = 0;
  localparam int FMT_UI_OP_WIDTH = 7;
  localparam int FMT_UI_FUNCT_LO = 7;
  localparam int FMT_UI_FUNCT_WIDTH = 3;
  localparam int FMT_UI_RD_LO = 10;
  localparam int FMT_UI_RD_WIDTH = 6;
  localparam int FMT_UI_RS1_LO = 16;
  localparam int FMT_UI_RS1_WIDTH = 6;
  localparam int FMT_UI_IMM_LO = 22;
  localparam int FMT_UI_IMM_WIDTH = 10;
  localparam int FMT_U1 = 11;
  localparam int FMT_U1_OP_LO = 0;
  localparam int FMT_U1_OP_WIDTH = 7;
  localparam int FMT_U1_FUNCT_LO = 7;
  localparam int FMT_U1_FUNCT_WIDTH = 13;
  localparam int FMT_U1_RD_LO = 20;
  localparam int FMT_U1_RD_WIDTH = 6;
  localparam int FMT_U1_RS1_LO = 26;
  localparam int FMT_U1_RS1_WIDTH = 6;
  localparam int FMT_ULI = 12;
  localparam int FMT_ULI_OP_LO = 0;
  localparam int FMT_ULI_OP_WIDTH = 7;
  localparam int FMT_ULI_FUNCT_LO = 7;
  localparam int FMT_ULI_FUNCT_WIDTH = 2;
  localparam int FMT_ULI_RD_LO = 9;
  localparam int FMT_ULI_RD_WIDTH = 6;
  localparam int FMT_ULI_IMM_LO = 15;
  localparam int FMT_ULI_IMM_WIDTH = 17;
  localparam int FMT_J = 13;
  localparam int FMT_J_OP_LO = 0;
  localparam int FMT_J_OP_WIDTH = 7;
  localparam int FMT_J_FUNCT_LO = 7;
  localparam int FMT_J_FUNCT_WIDTH = 3;
  localparam int FMT_J_IMM_LO = 10;
  localparam int FMT_J_IMM_WIDTH = 22;
  localparam int FMT_JL = 14;
  localparam int FMT_JL_OP_LO = 0;
  localparam int FMT_JL_OP_WIDTH = 7;
  localparam int FMT_JL_FUNCT_LO = 0;
  localparam int FMT_JL_FUNCT_WIDTH = 0;
  localparam int FMT_JL_RD_LO = 7;
  localparam int FMT_JL_RD_WIDTH = 6;
  localparam int FMT_JL_IMM_LO = 13;
  localparam int FMT_JL_IMM_WIDTH = 19;
  localparam int FMT_B = 15;
  localparam int FMT_B_OP_LO = 0;
  localparam int FMT_B_OP_WIDTH = 7;
  localparam int FMT_B_FUNCT_LO = 7;
  localparam int FMT_B_FUNCT_WIDTH = 2;
  localparam int FMT_B_RS1_LO = 9;
  localparam int FMT_B_RS1_WIDTH = 6;
  localparam int FMT_B_IMM_LO = 15;
  localparam int FMT_B_IMM_WIDTH = 17;
  localparam int FMT_JR = 16;
  localparam int FMT_JR_OP_LO = 0;
  localparam int FMT_JR_OP_WIDTH = 7;
  localparam int FMT_JR_FUNCT_LO = 7;
  localparam int FMT_JR_FUNCT_WIDTH = 3;
  localparam int FMT_JR_RD_LO = 10;
  localparam int FMT_JR_RD_WIDTH = 6;
  localparam int FMT_JR_RS1_LO = 16;
  localparam int FMT_JR_RS1_WIDTH = 6;
  localparam int FMT_JR_IMM_LO = 22;
  localparam int FMT_JR_IMM_WIDTH = 10;
  localparam int FMT_SYS = 17;
  localparam int FMT_SYS_OP_LO = 0;
  localparam int FMT_SYS_OP_WIDTH = 7;
  localparam int FMT_SYS_FUNCT_LO = 7;
  localparam int FMT_SYS_FUNCT_WIDTH = 5;
  localparam int FMT_SYS_RESERVED_LO = 12;
  localparam int FMT_SYS_RESERVED_WIDTH = 20;
  localparam int FMT_X = 18;
  localparam int FMT_X_OP_LO = 0;
  localparam int FMT_X_OP_WIDTH = 7;
  localparam int FMT_X_FUNCT_LO = 7;
  localparam int FMT_X_FUNCT_WIDTH = 10;
  localparam int FMT_X_RD_LO = 17;
  localparam int FMT_X_RD_WIDTH = 7;
  localparam int FMT_X_RS1_LO = 24;
  localparam int FMT_X_RS1_WIDTH = 7;
  localparam int FMT_X_RS2_LO = 31;
  localparam int FMT_X_RS2_WIDTH = 7;
  localparam int FMT_X_RS3_LO = 38;
  localparam int FMT_X_RS3_WIDTH = 7;
  localparam int FMT_X_RM_LO = 45;
  localparam int FMT_X_RM_WIDTH = 3;
  localparam int FMT_X_NEG_LO = 48;
  localparam int FMT_X_NEG_WIDTH = 3;
  localparam int FMT_X_ABS_LO = 51;
  localparam int FMT_X_ABS_WIDTH = 3;
  localparam int FMT_X_SAT_LO = 54;
  localparam int FMT_X_SAT_WIDTH = 1;
  localparam int FMT_X_RESERVED_LO = 55;
  localparam int FMT_X_RESERVED_WIDTH = 9;
  localparam int FMT_XL = 19;
  localparam int FMT_XL_OP_LO = 0;
  localparam int FMT_XL_OP_WIDTH = 7;
  localparam int FMT_XL_FUNCT_LO = 7;
  localparam int FMT_XL_FUNCT_WIDTH = 11;
  localparam int FMT_XL_RD_LO = 18;
  localparam int FMT_XL_RD_WIDTH = 7;
  localparam int FMT_XL_RS1_LO = 25;
  localparam int FMT_XL_RS1_WIDTH = 7;
  localparam int FMT_XL_IMM_LO = 32;
  localparam int FMT_XL_IMM_WIDTH = 32;
  localparam int FMT_H = 20;
  localparam int FMT_H_OP_LO = 0;
  localparam int FMT_H_OP_WIDTH = 7;
  localparam int FMT_H_FUNCT_LO = 7;
  localparam int FMT_H_FUNCT_WIDTH = 10;
  localparam int FMT_H_RD_LO = 17;
  localparam int FMT_H_RD_WIDTH = 8;
  localparam int FMT_H_RS1_LO = 25;
  localparam int FMT_H_RS1_WIDTH = 8;
  localparam int FMT_H_RS2_LO = 33;
  localparam int FMT_H_RS2_WIDTH = 8;
  localparam int FMT_H_RS3_LO = 41;
  localparam int FMT_H_RS3_WIDTH = 8;
  localparam int FMT_H_RM_LO = 49;
  localparam int FMT_H_RM_WIDTH = 3;
  localparam int FMT_H_NEG_LO = 52;
  localparam int FMT_H_NEG_WIDTH = 3;
  localparam int FMT_H_ABS_LO = 55;
  localparam int FMT_H_ABS_WIDTH = 3;
  localparam int FMT_H_SAT_LO = 58;
  localparam int FMT_H_SAT_WIDTH = 1;
  localparam int FMT_H_RESERVED_LO = 59;
  localparam int FMT_H_RESERVED_WIDTH = 5;
  localparam int FMT_HC = 21;
  localparam int FMT_HC_OP_LO = 0;
  localparam int FMT_HC_OP_WIDTH = 7;
  localparam int FMT_HC_FUNCT_LO = 7;
  localparam int FMT_HC_FUNCT_WIDTH = 10;
  localparam int FMT_HC_RD_LO = 17;
  localparam int FMT_HC_RD_WIDTH = 6;
  localparam int FMT_HC_RS1_LO = 23;
  localparam int FMT_HC_RS1_WIDTH = 8;
  localparam int FMT_HC_RS2_LO = 31;
  localparam int FMT_HC_RS2_WIDTH = 8;
  localparam int FMT_HC_RESERVED_LO = 39;
  localparam int FMT_HC_RESERVED_WIDTH = 25;
  localparam int FMT_UL = 22;
  localparam int FMT_UL_OP_LO = 0;
  localparam int FMT_UL_OP_WIDTH = 7;
  localparam int FMT_UL_FUNCT_LO = 7;
  localparam int FMT_UL_FUNCT_WIDTH = 13;
  localparam int FMT_UL_RD_LO = 20;
  localparam int FMT_UL_RD_WIDTH = 6;
  localparam int FMT_UL_RS1_LO = 26;
  localparam int FMT_UL_RS1_WIDTH = 6;
  localparam int FMT_UL_IMM_LO = 32;
  localparam int FMT_UL_IMM_WIDTH = 32;
  localparam int FMT_T = 23;
  localparam int FMT_T_OP_LO = 0;
  localparam int FMT_T_OP_WIDTH = 7;
  localparam int FMT_T_FUNCT_LO = 7;
  localparam int FMT_T_FUNCT_WIDTH = 5;
  localparam int FMT_T_RD_LO = 12;
  localparam int FMT_T_RD_WIDTH = 7;
  localparam int FMT_T_RS1_LO = 19;
  localparam int FMT_T_RS1_WIDTH = 7;
  localparam int FMT_T_RS2_LO = 26;
  localparam int FMT_T_RS2_WIDTH = 6;
  localparam int FMT_T_RS3_LO = 32;
  localparam int FMT_T_RS3_WIDTH = 6;
  localparam int FMT_T_DIM_LO = 38;
  localparam int FMT_T_DIM_WIDTH = 4;
  localparam int FMT_T_DMASK_LO = 42;
  localparam int FMT_T_DMASK_WIDTH = 4;
  localparam int FMT_T_VOFF_LO = 46;
  localparam int FMT_T_VOFF_WIDTH = 1;
  localparam int FMT_T_RSD_LO = 47;
  localparam int FMT_T_RSD_WIDTH = 1;
  localparam int FMT_T_A16_LO = 48;
  localparam int FMT_T_A16_WIDTH = 1;
  localparam int FMT_T_D16_LO = 49;
  localparam int FMT_T_D16_WIDTH = 1;
  localparam int FMT_T_TOFF_LO = 50;
  localparam int FMT_T_TOFF_WIDTH = 12;
  localparam int FMT_T_RESERVED_LO = 62;
  localparam int FMT_T_RESERVED_WIDTH = 2;

  // Variants.
  // add
  localparam logic [31:0] MATCH_ADD = 32'h00000002;
  localparam logic [31:0] MASK_ADD = 32'h000007ff;
  localparam logic [6:0] OPCODE_ADD = 7'h02;
  localparam int FUNCT_ADD = 'h0;
  localparam int SIZE_ADD = 4;
  localparam int FORMAT_ADD = FMT_R;
  localparam int LATENCY_ADD = 4;
  localparam int ASYNC_ADD = 0;
  localparam int ID_ADD = 0;
  // add.vu
  localparam logic [31:0] MATCH_ADD_VU = 32'h00000008;
  localparam logic [31:0] MASK_ADD_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_ADD_VU = 7'h08;
  localparam int FUNCT_ADD_VU = 'h0;
  localparam int SIZE_ADD_VU = 4;
  localparam int FORMAT_ADD_VU = FMT_RU;
  localparam int LATENCY_ADD_VU = 4;
  localparam int ASYNC_ADD_VU = 0;
  localparam int ID_ADD_VU = 1;
  // add.vi
  localparam logic [31:0] MATCH_ADD_VI = 32'h0000000a;
  localparam logic [31:0] MASK_ADD_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_ADD_VI = 7'h0a;
  localparam int FUNCT_ADD_VI = 'h0;
  localparam int SIZE_ADD_VI = 4;
  localparam int FORMAT_ADD_VI = FMT_I8;
  localparam int LATENCY_ADD_VI = 4;
  localparam int ASYNC_ADD_VI = 0;
  localparam int ID_ADD_VI = 2;
  // sub
  localparam logic [31:0] MATCH_SUB = 32'h00000082;
  localparam logic [31:0] MASK_SUB = 32'h000007ff;
  localparam logic [6:0] OPCODE_SUB = 7'h02;
  localparam int FUNCT_SUB = 'h1;
  localparam int SIZE_SUB = 4;
  localparam int FORMAT_SUB = FMT_R;
  localparam int LATENCY_SUB = 4;
  localparam int ASYNC_SUB = 0;
  localparam int ID_SUB = 3;
  // sub.vu
  localparam logic [31:0] MATCH_SUB_VU = 32'h00000088;
  localparam logic [31:0] MASK_SUB_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_SUB_VU = 7'h08;
  localparam int FUNCT_SUB_VU = 'h1;
  localparam int SIZE_SUB_VU = 4;
  localparam int FORMAT_SUB_VU = FMT_RU;
  localparam int LATENCY_SUB_VU = 4;
  localparam int ASYNC_SUB_VU = 0;
  localparam int ID_SUB_VU = 4;
  // sll
  localparam logic [31:0] MATCH_SLL = 32'h00000102;
  localparam logic [31:0] MASK_SLL = 32'h000007ff;
  localparam logic [6:0] OPCODE_SLL = 7'h02;
  localparam int FUNCT_SLL = 'h2;
  localparam int SIZE_SLL = 4;
  localparam int FORMAT_SLL = FMT_R;
  localparam int LATENCY_SLL = 4;
  localparam int ASYNC_SLL = 0;
  localparam int ID_SLL = 5;
  // sll.vu
  localparam logic [31:0] MATCH_SLL_VU = 32'h00000108;
  localparam logic [31:0] MASK_SLL_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_SLL_VU = 7'h08;
  localparam int FUNCT_SLL_VU = 'h2;
  localparam int SIZE_SLL_VU = 4;
  localparam int FORMAT_SLL_VU = FMT_RU;
  localparam int LATENCY_SLL_VU = 4;
  localparam int ASYNC_SLL_VU = 0;
  localparam int ID_SLL_VU = 6;
  // sll.vi
  localparam logic [31:0] MATCH_SLL_VI = 32'h0000020a;
  localparam logic [31:0] MASK_SLL_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_SLL_VI = 7'h0a;
  localparam int FUNCT_SLL_VI = 'h4;
  localparam int SIZE_SLL_VI = 4;
  localparam int FORMAT_SLL_VI = FMT_I8;
  localparam int LATENCY_SLL_VI = 4;
  localparam int ASYNC_SLL_VI = 0;
  localparam int ID_SLL_VI = 7;
  // slt
  localparam logic [31:0] MATCH_SLT = 32'h00000182;
  localparam logic [31:0] MASK_SLT = 32'h000007ff;
  localparam logic [6:0] OPCODE_SLT = 7'h02;
  localparam int FUNCT_SLT = 'h3;
  localparam int SIZE_SLT = 4;
  localparam int FORMAT_SLT = FMT_R;
  localparam int LATENCY_SLT = 4;
  localparam int ASYNC_SLT = 0;
  localparam int ID_SLT = 8;
  // slt.vu
  localparam logic [31:0] MATCH_SLT_VU = 32'h00000188;
  localparam logic [31:0] MASK_SLT_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_SLT_VU = 7'h08;
  localparam int FUNCT_SLT_VU = 'h3;
  localparam int SIZE_SLT_VU = 4;
  localparam int FORMAT_SLT_VU = FMT_RU;
  localparam int LATENCY_SLT_VU = 4;
  localparam int ASYNC_SLT_VU = 0;
  localparam int ID_SLT_VU = 9;
  // slt.vi
  localparam logic [31:0] MATCH_SLT_VI = 32'h0000000c;
  localparam logic [31:0] MASK_SLT_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_SLT_VI = 7'h0c;
  localparam int FUNCT_SLT_VI = 'h0;
  localparam int SIZE_SLT_VI = 4;
  localparam int FORMAT_SLT_VI = FMT_I8;
  localparam int LATENCY_SLT_VI = 4;
  localparam int ASYNC_SLT_VI = 0;
  localparam int ID_SLT_VI = 10;
  // sltu
  localparam logic [31:0] MATCH_SLTU = 32'h00000202;
  localparam logic [31:0] MASK_SLTU = 32'h000007ff;
  localparam logic [6:0] OPCODE_SLTU = 7'h02;
  localparam int FUNCT_SLTU = 'h4;
  localparam int SIZE_SLTU = 4;
  localparam int FORMAT_SLTU = FMT_R;
  localparam int LATENCY_SLTU = 4;
  localparam int ASYNC_SLTU = 0;
  localparam int ID_SLTU = 11;
  // sltu.vu
  localparam logic [31:0] MATCH_SLTU_VU = 32'h00000208;
  localparam logic [31:0] MASK_SLTU_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_SLTU_VU = 7'h08;
  localparam int FUNCT_SLTU_VU = 'h4;
  localparam int SIZE_SLTU_VU = 4;
  localparam int FORMAT_SLTU_VU = FMT_RU;
  localparam int LATENCY_SLTU_VU = 4;
  localparam int ASYNC_SLTU_VU = 0;
  localparam int ID_SLTU_VU = 12;
  // sltu.vi
  localparam logic [31:0] MATCH_SLTU_VI = 32'h0000008c;
  localparam logic [31:0] MASK_SLTU_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_SLTU_VI = 7'h0c;
  localparam int FUNCT_SLTU_VI = 'h1;
  localparam int SIZE_SLTU_VI = 4;
  localparam int FORMAT_SLTU_VI = FMT_I8;
  localparam int LATENCY_SLTU_VI = 4;
  localparam int ASYNC_SLTU_VI = 0;
  localparam int ID_SLTU_VI = 13;
  // xor
  localparam logic [31:0] MATCH_XOR = 32'h00000282;
  localparam logic [31:0] MASK_XOR = 32'h000007ff;
  localparam logic [6:0] OPCODE_XOR = 7'h02;
  localparam int FUNCT_XOR = 'h5;
  localparam int SIZE_XOR = 4;
  localparam int FORMAT_XOR = FMT_R;
  localparam int LATENCY_XOR = 4;
  localparam int ASYNC_XOR = 0;
  localparam int ID_XOR = 14;
  // xor.vu
  localparam logic [31:0] MATCH_XOR_VU = 32'h00000288;
  localparam logic [31:0] MASK_XOR_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_XOR_VU = 7'h08;
  localparam int FUNCT_XOR_VU = 'h5;
  localparam int SIZE_XOR_VU = 4;
  localparam int FORMAT_XOR_VU = FMT_RU;
  localparam int LATENCY_XOR_VU = 4;
  localparam int ASYNC_XOR_VU = 0;
  localparam int ID_XOR_VU = 15;
  // xor.vi
  localparam logic [31:0] MATCH_XOR_VI = 32'h0000018a;
  localparam logic [31:0] MASK_XOR_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_XOR_VI = 7'h0a;
  localparam int FUNCT_XOR_VI = 'h3;
  localparam int SIZE_XOR_VI = 4;
  localparam int FORMAT_XOR_VI = FMT_I8;
  localparam int LATENCY_XOR_VI = 4;
  localparam int ASYNC_XOR_VI = 0;
  localparam int ID_XOR_VI = 16;
  // srl
  localparam logic [31:0] MATCH_SRL = 32'h00000302;
  localparam logic [31:0] MASK_SRL = 32'h000007ff;
  localparam logic [6:0] OPCODE_SRL = 7'h02;
  localparam int FUNCT_SRL = 'h6;
  localparam int SIZE_SRL = 4;
  localparam int FORMAT_SRL = FMT_R;
  localparam int LATENCY_SRL = 4;
  localparam int ASYNC_SRL = 0;
  localparam int ID_SRL = 17;
  // srl.vu
  localparam logic [31:0] MATCH_SRL_VU = 32'h00000308;
  localparam logic [31:0] MASK_SRL_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_SRL_VU = 7'h08;
  localparam int FUNCT_SRL_VU = 'h6;
  localparam int SIZE_SRL_VU = 4;
  localparam int FORMAT_SRL_VU = FMT_RU;
  localparam int LATENCY_SRL_VU = 4;
  localparam int ASYNC_SRL_VU = 0;
  localparam int ID_SRL_VU = 18;
  // srl.vi
  localparam logic [31:0] MATCH_SRL_VI = 32'h0000028a;
  localparam logic [31:0] MASK_SRL_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_SRL_VI = 7'h0a;
  localparam int FUNCT_SRL_VI = 'h5;
  localparam int SIZE_SRL_VI = 4;
  localparam int FORMAT_SRL_VI = FMT_I8;
  localparam int LATENCY_SRL_VI = 4;
  localparam int ASYNC_SRL_VI = 0;
  localparam int ID_SRL_VI = 19;
  // sra
  localparam logic [31:0] MATCH_SRA = 32'h00000382;
  localparam logic [31:0] MASK_SRA = 32'h000007ff;
  localparam logic [6:0] OPCODE_SRA = 7'h02;
  localparam int FUNCT_SRA = 'h7;
  localparam int SIZE_SRA = 4;
  localparam int FORMAT_SRA = FMT_R;
  localparam int LATENCY_SRA = 4;
  localparam int ASYNC_SRA = 0;
  localparam int ID_SRA = 20;
  // sra.vu
  localparam logic [31:0] MATCH_SRA_VU = 32'h00000388;
  localparam logic [31:0] MASK_SRA_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_SRA_VU = 7'h08;
  localparam int FUNCT_SRA_VU = 'h7;
  localparam int SIZE_SRA_VU = 4;
  localparam int FORMAT_SRA_VU = FMT_RU;
  localparam int LATENCY_SRA_VU = 4;
  localparam int ASYNC_SRA_VU = 0;
  localparam int ID_SRA_VU = 21;
  // sra.vi
  localparam logic [31:0] MATCH_SRA_VI = 32'h0000030a;
  localparam logic [31:0] MASK_SRA_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_SRA_VI = 7'h0a;
  localparam int FUNCT_SRA_VI = 'h6;
  localparam int SIZE_SRA_VI = 4;
  localparam int FORMAT_SRA_VI = FMT_I8;
  localparam int LATENCY_SRA_VI = 4;
  localparam int ASYNC_SRA_VI = 0;
  localparam int ID_SRA_VI = 22;
  // or
  localparam logic [31:0] MATCH_OR = 32'h00000402;
  localparam logic [31:0] MASK_OR = 32'h000007ff;
  localparam logic [6:0] OPCODE_OR = 7'h02;
  localparam int FUNCT_OR = 'h8;
  localparam int SIZE_OR = 4;
  localparam int FORMAT_OR = FMT_R;
  localparam int LATENCY_OR = 4;
  localparam int ASYNC_OR = 0;
  localparam int ID_OR = 23;
  // or.vu
  localparam logic [31:0] MATCH_OR_VU = 32'h00000408;
  localparam logic [31:0] MASK_OR_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_OR_VU = 7'h08;
  localparam int FUNCT_OR_VU = 'h8;
  localparam int SIZE_OR_VU = 4;
  localparam int FORMAT_OR_VU = FMT_RU;
  localparam int LATENCY_OR_VU = 4;
  localparam int ASYNC_OR_VU = 0;
  localparam int ID_OR_VU = 24;
  // or.vi
  localparam logic [31:0] MATCH_OR_VI = 32'h0000010a;
  localparam logic [31:0] MASK_OR_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_OR_VI = 7'h0a;
  localparam int FUNCT_OR_VI = 'h2;
  localparam int SIZE_OR_VI = 4;
  localparam int FORMAT_OR_VI = FMT_I8;
  localparam int LATENCY_OR_VI = 4;
  localparam int ASYNC_OR_VI = 0;
  localparam int ID_OR_VI = 25;
  // and
  localparam logic [31:0] MATCH_AND = 32'h00000482;
  localparam logic [31:0] MASK_AND = 32'h000007ff;
  localparam logic [6:0] OPCODE_AND = 7'h02;
  localparam int FUNCT_AND = 'h9;
  localparam int SIZE_AND = 4;
  localparam int FORMAT_AND = FMT_R;
  localparam int LATENCY_AND = 4;
  localparam int ASYNC_AND = 0;
  localparam int ID_AND = 26;
  // and.vu
  localparam logic [31:0] MATCH_AND_VU = 32'h00000488;
  localparam logic [31:0] MASK_AND_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_AND_VU = 7'h08;
  localparam int FUNCT_AND_VU = 'h9;
  localparam int SIZE_AND_VU = 4;
  localparam int FORMAT_AND_VU = FMT_RU;
  localparam int LATENCY_AND_VU = 4;
  localparam int ASYNC_AND_VU = 0;
  localparam int ID_AND_VU = 27;
  // and.vi
  localparam logic [31:0] MATCH_AND_VI = 32'h0000008a;
  localparam logic [31:0] MASK_AND_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_AND_VI = 7'h0a;
  localparam int FUNCT_AND_VI = 'h1;
  localparam int SIZE_AND_VI = 4;
  localparam int FORMAT_AND_VI = FMT_I8;
  localparam int LATENCY_AND_VI = 4;
  localparam int ASYNC_AND_VI = 0;
  localparam int ID_AND_VI = 28;
  // min
  localparam logic [31:0] MATCH_MIN = 32'h00000502;
  localparam logic [31:0] MASK_MIN = 32'h000007ff;
  localparam logic [6:0] OPCODE_MIN = 7'h02;
  localparam int FUNCT_MIN = 'ha;
  localparam int SIZE_MIN = 4;
  localparam int FORMAT_MIN = FMT_R;
  localparam int LATENCY_MIN = 4;
  localparam int ASYNC_MIN = 0;
  localparam int ID_MIN = 29;
  // min.vu
  localparam logic [31:0] MATCH_MIN_VU = 32'h00000508;
  localparam logic [31:0] MASK_MIN_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_MIN_VU = 7'h08;
  localparam int FUNCT_MIN_VU = 'ha;
  localparam int SIZE_MIN_VU = 4;
  localparam int FORMAT_MIN_VU = FMT_RU;
  localparam int LATENCY_MIN_VU = 4;
  localparam int ASYNC_MIN_VU = 0;
  localparam int ID_MIN_VU = 30;
  // min.vi
  localparam logic [31:0] MATCH_MIN_VI = 32'h0000010c;
  localparam logic [31:0] MASK_MIN_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_MIN_VI = 7'h0c;
  localparam int FUNCT_MIN_VI = 'h2;
  localparam int SIZE_MIN_VI = 4;
  localparam int FORMAT_MIN_VI = FMT_I8;
  localparam int LATENCY_MIN_VI = 4;
  localparam int ASYNC_MIN_VI = 0;
  localparam int ID_MIN_VI = 31;
  // max
  localparam logic [31:0] MATCH_MAX = 32'h00000582;
  localparam logic [31:0] MASK_MAX = 32'h000007ff;
  localparam logic [6:0] OPCODE_MAX = 7'h02;
  localparam int FUNCT_MAX = 'hb;
  localparam int SIZE_MAX = 4;
  localparam int FORMAT_MAX = FMT_R;
  localparam int LATENCY_MAX = 4;
  localparam int ASYNC_MAX = 0;
  localparam int ID_MAX = 32;
  // max.vu
  localparam logic [31:0] MATCH_MAX_VU = 32'h00000588;
  localparam logic [31:0] MASK_MAX_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_MAX_VU = 7'h08;
  localparam int FUNCT_MAX_VU = 'hb;
  localparam int SIZE_MAX_VU = 4;
  localparam int FORMAT_MAX_VU = FMT_RU;
  localparam int LATENCY_MAX_VU = 4;
  localparam int ASYNC_MAX_VU = 0;
  localparam int ID_MAX_VU = 33;
  // max.vi
  localparam logic [31:0] MATCH_MAX_VI = 32'h0000018c;
  localparam logic [31:0] MASK_MAX_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_MAX_VI = 7'h0c;
  localparam int FUNCT_MAX_VI = 'h3;
  localparam int SIZE_MAX_VI = 4;
  localparam int FORMAT_MAX_VI = FMT_I8;
  localparam int LATENCY_MAX_VI = 4;
  localparam int ASYNC_MAX_VI = 0;
  localparam int ID_MAX_VI = 34;
  // minu
  localparam logic [31:0] MATCH_MINU = 32'h00000602;
  localparam logic [31:0] MASK_MINU = 32'h000007ff;
  localparam logic [6:0] OPCODE_MINU = 7'h02;
  localparam int FUNCT_MINU = 'hc;
  localparam int SIZE_MINU = 4;
  localparam int FORMAT_MINU = FMT_R;
  localparam int LATENCY_MINU = 4;
  localparam int ASYNC_MINU = 0;
  localparam int ID_MINU = 35;
  // minu.vu
  localparam logic [31:0] MATCH_MINU_VU = 32'h00000608;
  localparam logic [31:0] MASK_MINU_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_MINU_VU = 7'h08;
  localparam int FUNCT_MINU_VU = 'hc;
  localparam int SIZE_MINU_VU = 4;
  localparam int FORMAT_MINU_VU = FMT_RU;
  localparam int LATENCY_MINU_VU = 4;
  localparam int ASYNC_MINU_VU = 0;
  localparam int ID_MINU_VU = 36;
  // minu.vi
  localparam logic [31:0] MATCH_MINU_VI = 32'h0000020c;
  localparam logic [31:0] MASK_MINU_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_MINU_VI = 7'h0c;
  localparam int FUNCT_MINU_VI = 'h4;
  localparam int SIZE_MINU_VI = 4;
  localparam int FORMAT_MINU_VI = FMT_I8;
  localparam int LATENCY_MINU_VI = 4;
  localparam int ASYNC_MINU_VI = 0;
  localparam int ID_MINU_VI = 37;
  // maxu
  localparam logic [31:0] MATCH_MAXU = 32'h00000682;
  localparam logic [31:0] MASK_MAXU = 32'h000007ff;
  localparam logic [6:0] OPCODE_MAXU = 7'h02;
  localparam int FUNCT_MAXU = 'hd;
  localparam int SIZE_MAXU = 4;
  localparam int FORMAT_MAXU = FMT_R;
  localparam int LATENCY_MAXU = 4;
  localparam int ASYNC_MAXU = 0;
  localparam int ID_MAXU = 38;
  // maxu.vu
  localparam logic [31:0] MATCH_MAXU_VU = 32'h00000688;
  localparam logic [31:0] MASK_MAXU_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_MAXU_VU = 7'h08;
  localparam int FUNCT_MAXU_VU = 'hd;
  localparam int SIZE_MAXU_VU = 4;
  localparam int FORMAT_MAXU_VU = FMT_RU;
  localparam int LATENCY_MAXU_VU = 4;
  localparam int ASYNC_MAXU_VU = 0;
  localparam int ID_MAXU_VU = 39;
  // maxu.vi
  localparam logic [31:0] MATCH_MAXU_VI = 32'h0000028c;
  localparam logic [31:0] MASK_MAXU_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_MAXU_VI = 7'h0c;
  localparam int FUNCT_MAXU_VI = 'h5;
  localparam int SIZE_MAXU_VI = 4;
  localparam int FORMAT_MAXU_VI = FMT_I8;
  localparam int LATENCY_MAXU_VI = 4;
  localparam int ASYNC_MAXU_VI = 0;
  localparam int ID_MAXU_VI = 40;
  // andn
  localparam logic [31:0] MATCH_ANDN = 32'h00000702;
  localparam logic [31:0] MASK_ANDN = 32'h000007ff;
  localparam logic [6:0] OPCODE_ANDN = 7'h02;
  localparam int FUNCT_ANDN = 'he;
  localparam int SIZE_ANDN = 4;
  localparam int FORMAT_ANDN = FMT_R;
  localparam int LATENCY_ANDN = 4;
  localparam int ASYNC_ANDN = 0;
  localparam int ID_ANDN = 41;
  // andn.vu
  localparam logic [31:0] MATCH_ANDN_VU = 32'h00000708;
  localparam logic [31:0] MASK_ANDN_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_ANDN_VU = 7'h08;
  localparam int FUNCT_ANDN_VU = 'he;
  localparam int SIZE_ANDN_VU = 4;
  localparam int FORMAT_ANDN_VU = FMT_RU;
  localparam int LATENCY_ANDN_VU = 4;
  localparam int ASYNC_ANDN_VU = 0;
  localparam int ID_ANDN_VU = 42;
  // orn
  localparam logic [31:0] MATCH_ORN = 32'h00000782;
  localparam logic [31:0] MASK_ORN = 32'h000007ff;
  localparam logic [6:0] OPCODE_ORN = 7'h02;
  localparam int FUNCT_ORN = 'hf;
  localparam int SIZE_ORN = 4;
  localparam int FORMAT_ORN = FMT_R;
  localparam int LATENCY_ORN = 4;
  localparam int ASYNC_ORN = 0;
  localparam int ID_ORN = 43;
  // orn.vu
  localparam logic [31:0] MATCH_ORN_VU = 32'h00000788;
  localparam logic [31:0] MASK_ORN_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_ORN_VU = 7'h08;
  localparam int FUNCT_ORN_VU = 'hf;
  localparam int SIZE_ORN_VU = 4;
  localparam int FORMAT_ORN_VU = FMT_RU;
  localparam int LATENCY_ORN_VU = 4;
  localparam int ASYNC_ORN_VU = 0;
  localparam int ID_ORN_VU = 44;
  // mul
  localparam logic [31:0] MATCH_MUL = 32'h00000004;
  localparam logic [31:0] MASK_MUL = 32'h000007ff;
  localparam logic [6:0] OPCODE_MUL = 7'h04;
  localparam int FUNCT_MUL = 'h0;
  localparam int SIZE_MUL = 4;
  localparam int FORMAT_MUL = FMT_R;
  localparam int LATENCY_MUL = 4;
  localparam int ASYNC_MUL = 0;
  localparam int ID_MUL = 45;
  // mul.vu
  localparam logic [31:0] MATCH_MUL_VU = 32'h00000808;
  localparam logic [31:0] MASK_MUL_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_MUL_VU = 7'h08;
  localparam int FUNCT_MUL_VU = 'h10;
  localparam int SIZE_MUL_VU = 4;
  localparam int FORMAT_MUL_VU = FMT_RU;
  localparam int LATENCY_MUL_VU = 4;
  localparam int ASYNC_MUL_VU = 0;
  localparam int ID_MUL_VU = 46;
  // mul.vi
  localparam logic [31:0] MATCH_MUL_VI = 32'h0000038a;
  localparam logic [31:0] MASK_MUL_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_MUL_VI = 7'h0a;
  localparam int FUNCT_MUL_VI = 'h7;
  localparam int SIZE_MUL_VI = 4;
  localparam int FORMAT_MUL_VI = FMT_I8;
  localparam int LATENCY_MUL_VI = 4;
  localparam int ASYNC_MUL_VI = 0;
  localparam int ID_MUL_VI = 47;
  // mulh
  localparam logic [31:0] MATCH_MULH = 32'h00000084;
  localparam logic [31:0] MASK_MULH = 32'h000007ff;
  localparam logic [6:0] OPCODE_MULH = 7'h04;
  localparam int FUNCT_MULH = 'h1;
  localparam int SIZE_MULH = 4;
  localparam int FORMAT_MULH = FMT_R;
  localparam int LATENCY_MULH = 4;
  localparam int ASYNC_MULH = 0;
  localparam int ID_MULH = 48;
  // mulh.vu
  localparam logic [31:0] MATCH_MULH_VU = 32'h00000908;
  localparam logic [31:0] MASK_MULH_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_MULH_VU = 7'h08;
  localparam int FUNCT_MULH_VU = 'h12;
  localparam int SIZE_MULH_VU = 4;
  localparam int FORMAT_MULH_VU = FMT_RU;
  localparam int LATENCY_MULH_VU = 4;
  localparam int ASYNC_MULH_VU = 0;
  localparam int ID_MULH_VU = 49;
  // mulhsu
  localparam logic [31:0] MATCH_MULHSU = 32'h00000104;
  localparam logic [31:0] MASK_MULHSU = 32'h000007ff;
  localparam logic [6:0] OPCODE_MULHSU = 7'h04;
  localparam int FUNCT_MULHSU = 'h2;
  localparam int SIZE_MULHSU = 4;
  localparam int FORMAT_MULHSU = FMT_R;
  localparam int LATENCY_MULHSU = 4;
  localparam int ASYNC_MULHSU = 0;
  localparam int ID_MULHSU = 50;
  // mulhu
  localparam logic [31:0] MATCH_MULHU = 32'h00000184;
  localparam logic [31:0] MASK_MULHU = 32'h000007ff;
  localparam logic [6:0] OPCODE_MULHU = 7'h04;
  localparam int FUNCT_MULHU = 'h3;
  localparam int SIZE_MULHU = 4;
  localparam int FORMAT_MULHU = FMT_R;
  localparam int LATENCY_MULHU = 4;
  localparam int ASYNC_MULHU = 0;
  localparam int ID_MULHU = 51;
  // mulhu.vu
  localparam logic [31:0] MATCH_MULHU_VU = 32'h00000888;
  localparam logic [31:0] MASK_MULHU_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_MULHU_VU = 7'h08;
  localparam int FUNCT_MULHU_VU = 'h11;
  localparam int SIZE_MULHU_VU = 4;
  localparam int FORMAT_MULHU_VU = FMT_RU;
  localparam int LATENCY_MULHU_VU = 4;
  localparam int ASYNC_MULHU_VU = 0;
  localparam int ID_MULHU_VU = 52;
  // mac
  localparam logic [31:0] MATCH_MAC = 32'h00000204;
  localparam logic [31:0] MASK_MAC = 32'h000007ff;
  localparam logic [6:0] OPCODE_MAC = 7'h04;
  localparam int FUNCT_MAC = 'h4;
  localparam int SIZE_MAC = 4;
  localparam int FORMAT_MAC = FMT_R;
  localparam int LATENCY_MAC = 4;
  localparam int ASYNC_MAC = 0;
  localparam int ID_MAC = 53;
  // mac.vu
  localparam logic [31:0] MATCH_MAC_VU = 32'h00000988;
  localparam logic [31:0] MASK_MAC_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_MAC_VU = 7'h08;
  localparam int FUNCT_MAC_VU = 'h13;
  localparam int SIZE_MAC_VU = 4;
  localparam int FORMAT_MAC_VU = FMT_RU;
  localparam int LATENCY_MAC_VU = 4;
  localparam int ASYNC_MAC_VU = 0;
  localparam int ID_MAC_VU = 54;
  // xnor
  localparam logic [31:0] MATCH_XNOR = 32'h00000284;
  localparam logic [31:0] MASK_XNOR = 32'h000007ff;
  localparam logic [6:0] OPCODE_XNOR = 7'h04;
  localparam int FUNCT_XNOR = 'h5;
  localparam int SIZE_XNOR = 4;
  localparam int FORMAT_XNOR = FMT_R;
  localparam int LATENCY_XNOR = 4;
  localparam int ASYNC_XNOR = 0;
  localparam int ID_XNOR = 55;
  // rol
  localparam logic [31:0] MATCH_ROL = 32'h00000304;
  localparam logic [31:0] MASK_ROL = 32'h000007ff;
  localparam logic [6:0] OPCODE_ROL = 7'h04;
  localparam int FUNCT_ROL = 'h6;
  localparam int SIZE_ROL = 4;
  localparam int FORMAT_ROL = FMT_R;
  localparam int LATENCY_ROL = 4;
  localparam int ASYNC_ROL = 0;
  localparam int ID_ROL = 56;
  // ror
  localparam logic [31:0] MATCH_ROR = 32'h00000384;
  localparam logic [31:0] MASK_ROR = 32'h000007ff;
  localparam logic [6:0] OPCODE_ROR = 7'h04;
  localparam int FUNCT_ROR = 'h7;
  localparam int SIZE_ROR = 4;
  localparam int FORMAT_ROR = FMT_R;
  localparam int LATENCY_ROR = 4;
  localparam int ASYNC_ROR = 0;
  localparam int ID_ROR = 57;
  // czero.eqz
  localparam logic [31:0] MATCH_CZERO_EQZ = 32'h00000404;
  localparam logic [31:0] MASK_CZERO_EQZ = 32'h000007ff;
  localparam logic [6:0] OPCODE_CZERO_EQZ = 7'h04;
  localparam int FUNCT_CZERO_EQZ = 'h8;
  localparam int SIZE_CZERO_EQZ = 4;
  localparam int FORMAT_CZERO_EQZ = FMT_R;
  localparam int LATENCY_CZERO_EQZ = 4;
  localparam int ASYNC_CZERO_EQZ = 0;
  localparam int ID_CZERO_EQZ = 58;
  // czero.nez
  localparam logic [31:0] MATCH_CZERO_NEZ = 32'h00000484;
  localparam logic [31:0] MASK_CZERO_NEZ = 32'h000007ff;
  localparam logic [6:0] OPCODE_CZERO_NEZ = 7'h04;
  localparam int FUNCT_CZERO_NEZ = 'h9;
  localparam int SIZE_CZERO_NEZ = 4;
  localparam int FORMAT_CZERO_NEZ = FMT_R;
  localparam int LATENCY_CZERO_NEZ = 4;
  localparam int ASYNC_CZERO_NEZ = 0;
  localparam int ID_CZERO_NEZ = 59;
  // addsat.i32
  localparam logic [31:0] MATCH_ADDSAT_I32 = 32'h00000504;
  localparam logic [31:0] MASK_ADDSAT_I32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_ADDSAT_I32 = 7'h04;
  localparam int FUNCT_ADDSAT_I32 = 'ha;
  localparam int SIZE_ADDSAT_I32 = 4;
  localparam int FORMAT_ADDSAT_I32 = FMT_R;
  localparam int LATENCY_ADDSAT_I32 = 4;
  localparam int ASYNC_ADDSAT_I32 = 0;
  localparam int ID_ADDSAT_I32 = 60;
  // addsat.u32
  localparam logic [31:0] MATCH_ADDSAT_U32 = 32'h00000584;
  localparam logic [31:0] MASK_ADDSAT_U32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_ADDSAT_U32 = 7'h04;
  localparam int FUNCT_ADDSAT_U32 = 'hb;
  localparam int SIZE_ADDSAT_U32 = 4;
  localparam int FORMAT_ADDSAT_U32 = FMT_R;
  localparam int LATENCY_ADDSAT_U32 = 4;
  localparam int ASYNC_ADDSAT_U32 = 0;
  localparam int ID_ADDSAT_U32 = 61;
  // subsat.i32
  localparam logic [31:0] MATCH_SUBSAT_I32 = 32'h00000604;
  localparam logic [31:0] MASK_SUBSAT_I32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_SUBSAT_I32 = 7'h04;
  localparam int FUNCT_SUBSAT_I32 = 'hc;
  localparam int SIZE_SUBSAT_I32 = 4;
  localparam int FORMAT_SUBSAT_I32 = FMT_R;
  localparam int LATENCY_SUBSAT_I32 = 4;
  localparam int ASYNC_SUBSAT_I32 = 0;
  localparam int ID_SUBSAT_I32 = 62;
  // subsat.u32
  localparam logic [31:0] MATCH_SUBSAT_U32 = 32'h00000684;
  localparam logic [31:0] MASK_SUBSAT_U32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_SUBSAT_U32 = 7'h04;
  localparam int FUNCT_SUBSAT_U32 = 'hd;
  localparam int SIZE_SUBSAT_U32 = 4;
  localparam int FORMAT_SUBSAT_U32 = FMT_R;
  localparam int LATENCY_SUBSAT_U32 = 4;
  localparam int ASYNC_SUBSAT_U32 = 0;
  localparam int ID_SUBSAT_U32 = 63;
  // bfm
  localparam logic [31:0] MATCH_BFM = 32'h00000704;
  localparam logic [31:0] MASK_BFM = 32'h000007ff;
  localparam logic [6:0] OPCODE_BFM = 7'h04;
  localparam int FUNCT_BFM = 'he;
  localparam int SIZE_BFM = 4;
  localparam int FORMAT_BFM = FMT_R;
  localparam int LATENCY_BFM = 4;
  localparam int ASYNC_BFM = 0;
  localparam int ID_BFM = 64;
  // mulwu
  localparam logic [31:0] MATCH_MULWU = 32'h00000784;
  localparam logic [31:0] MASK_MULWU = 32'h00000fff;
  localparam logic [6:0] OPCODE_MULWU = 7'h04;
  localparam int FUNCT_MULWU = 'hf;
  localparam int SIZE_MULWU = 4;
  localparam int FORMAT_MULWU = FMT_R;
  localparam int LATENCY_MULWU = 4;
  localparam int ASYNC_MULWU = 0;
  localparam int ID_MULWU = 65;
  // add64
  localparam logic [31:0] MATCH_ADD64 = 32'h00000006;
  localparam logic [31:0] MASK_ADD64 = 32'h02040fff;
  localparam logic [6:0] OPCODE_ADD64 = 7'h06;
  localparam int FUNCT_ADD64 = 'h0;
  localparam int SIZE_ADD64 = 4;
  localparam int FORMAT_ADD64 = FMT_R;
  localparam int LATENCY_ADD64 = 4;
  localparam int ASYNC_ADD64 = 0;
  localparam int ID_ADD64 = 66;
  // sub64
  localparam logic [31:0] MATCH_SUB64 = 32'h00000086;
  localparam logic [31:0] MASK_SUB64 = 32'h02040fff;
  localparam logic [6:0] OPCODE_SUB64 = 7'h06;
  localparam int FUNCT_SUB64 = 'h1;
  localparam int SIZE_SUB64 = 4;
  localparam int FORMAT_SUB64 = FMT_R;
  localparam int LATENCY_SUB64 = 4;
  localparam int ASYNC_SUB64 = 0;
  localparam int ID_SUB64 = 67;
  // addsx64
  localparam logic [31:0] MATCH_ADDSX64 = 32'h00000106;
  localparam logic [31:0] MASK_ADDSX64 = 32'h00040fff;
  localparam logic [6:0] OPCODE_ADDSX64 = 7'h06;
  localparam int FUNCT_ADDSX64 = 'h2;
  localparam int SIZE_ADDSX64 = 4;
  localparam int FORMAT_ADDSX64 = FMT_R;
  localparam int LATENCY_ADDSX64 = 4;
  localparam int ASYNC_ADDSX64 = 0;
  localparam int ID_ADDSX64 = 68;
  // addzx64
  localparam logic [31:0] MATCH_ADDZX64 = 32'h00000186;
  localparam logic [31:0] MASK_ADDZX64 = 32'h00040fff;
  localparam logic [6:0] OPCODE_ADDZX64 = 7'h06;
  localparam int FUNCT_ADDZX64 = 'h3;
  localparam int SIZE_ADDZX64 = 4;
  localparam int FORMAT_ADDZX64 = FMT_R;
  localparam int LATENCY_ADDZX64 = 4;
  localparam int ASYNC_ADDZX64 = 0;
  localparam int ID_ADDZX64 = 69;
  // addzx64.vu
  localparam logic [31:0] MATCH_ADDZX64_VU = 32'h00000e08;
  localparam logic [31:0] MASK_ADDZX64_VU = 32'h00081fff;
  localparam logic [6:0] OPCODE_ADDZX64_VU = 7'h08;
  localparam int FUNCT_ADDZX64_VU = 'h1c;
  localparam int SIZE_ADDZX64_VU = 4;
  localparam int FORMAT_ADDZX64_VU = FMT_RU;
  localparam int LATENCY_ADDZX64_VU = 4;
  localparam int ASYNC_ADDZX64_VU = 0;
  localparam int ID_ADDZX64_VU = 70;
  // sll64
  localparam logic [31:0] MATCH_SLL64 = 32'h00000206;
  localparam logic [31:0] MASK_SLL64 = 32'h00040fff;
  localparam logic [6:0] OPCODE_SLL64 = 7'h06;
  localparam int FUNCT_SLL64 = 'h4;
  localparam int SIZE_SLL64 = 4;
  localparam int FORMAT_SLL64 = FMT_R;
  localparam int LATENCY_SLL64 = 4;
  localparam int ASYNC_SLL64 = 0;
  localparam int ID_SLL64 = 71;
  // srl64
  localparam logic [31:0] MATCH_SRL64 = 32'h00000286;
  localparam logic [31:0] MASK_SRL64 = 32'h00040fff;
  localparam logic [6:0] OPCODE_SRL64 = 7'h06;
  localparam int FUNCT_SRL64 = 'h5;
  localparam int SIZE_SRL64 = 4;
  localparam int FORMAT_SRL64 = FMT_R;
  localparam int LATENCY_SRL64 = 4;
  localparam int ASYNC_SRL64 = 0;
  localparam int ID_SRL64 = 72;
  // sra64
  localparam logic [31:0] MATCH_SRA64 = 32'h00000306;
  localparam logic [31:0] MASK_SRA64 = 32'h00040fff;
  localparam logic [6:0] OPCODE_SRA64 = 7'h06;
  localparam int FUNCT_SRA64 = 'h6;
  localparam int SIZE_SRA64 = 4;
  localparam int FORMAT_SRA64 = FMT_R;
  localparam int LATENCY_SRA64 = 4;
  localparam int ASYNC_SRA64 = 0;
  localparam int ID_SRA64 = 73;
  // mulw
  localparam logic [31:0] MATCH_MULW = 32'h00000386;
  localparam logic [31:0] MASK_MULW = 32'h00000fff;
  localparam logic [6:0] OPCODE_MULW = 7'h06;
  localparam int FUNCT_MULW = 'h7;
  localparam int SIZE_MULW = 4;
  localparam int FORMAT_MULW = FMT_R;
  localparam int LATENCY_MULW = 4;
  localparam int ASYNC_MULW = 0;
  localparam int ID_MULW = 74;
  // subr.vu
  localparam logic [31:0] MATCH_SUBR_VU = 32'h00000a08;
  localparam logic [31:0] MASK_SUBR_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_SUBR_VU = 7'h08;
  localparam int FUNCT_SUBR_VU = 'h14;
  localparam int SIZE_SUBR_VU = 4;
  localparam int FORMAT_SUBR_VU = FMT_RU;
  localparam int LATENCY_SUBR_VU = 4;
  localparam int ASYNC_SUBR_VU = 0;
  localparam int ID_SUBR_VU = 75;
  // subr.vi
  localparam logic [31:0] MATCH_SUBR_VI = 32'h0000030c;
  localparam logic [31:0] MASK_SUBR_VI = 32'h000003ff;
  localparam logic [6:0] OPCODE_SUBR_VI = 7'h0c;
  localparam int FUNCT_SUBR_VI = 'h6;
  localparam int SIZE_SUBR_VI = 4;
  localparam int FORMAT_SUBR_VI = FMT_I8;
  localparam int LATENCY_SUBR_VI = 4;
  localparam int ASYNC_SUBR_VI = 0;
  localparam int ID_SUBR_VI = 76;
  // sllr.vu
  localparam logic [31:0] MATCH_SLLR_VU = 32'h00000a88;
  localparam logic [31:0] MASK_SLLR_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_SLLR_VU = 7'h08;
  localparam int FUNCT_SLLR_VU = 'h15;
  localparam int SIZE_SLLR_VU = 4;
  localparam int FORMAT_SLLR_VU = FMT_RU;
  localparam int LATENCY_SLLR_VU = 4;
  localparam int ASYNC_SLLR_VU = 0;
  localparam int ID_SLLR_VU = 77;
  // srlr.vu
  localparam logic [31:0] MATCH_SRLR_VU = 32'h00000b08;
  localparam logic [31:0] MASK_SRLR_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_SRLR_VU = 7'h08;
  localparam int FUNCT_SRLR_VU = 'h16;
  localparam int SIZE_SRLR_VU = 4;
  localparam int FORMAT_SRLR_VU = FMT_RU;
  localparam int LATENCY_SRLR_VU = 4;
  localparam int ASYNC_SRLR_VU = 0;
  localparam int ID_SRLR_VU = 78;
  // srar.vu
  localparam logic [31:0] MATCH_SRAR_VU = 32'h00000b88;
  localparam logic [31:0] MASK_SRAR_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_SRAR_VU = 7'h08;
  localparam int FUNCT_SRAR_VU = 'h17;
  localparam int SIZE_SRAR_VU = 4;
  localparam int FORMAT_SRAR_VU = FMT_RU;
  localparam int LATENCY_SRAR_VU = 4;
  localparam int ASYNC_SRAR_VU = 0;
  localparam int ID_SRAR_VU = 79;
  // mbcnt
  localparam logic [31:0] MATCH_MBCNT = 32'h00000c08;
  localparam logic [31:0] MASK_MBCNT = 32'h00000fff;
  localparam logic [6:0] OPCODE_MBCNT = 7'h08;
  localparam int FUNCT_MBCNT = 'h18;
  localparam int SIZE_MBCNT = 4;
  localparam int FORMAT_MBCNT = FMT_RU;
  localparam int LATENCY_MBCNT = 4;
  localparam int ASYNC_MBCNT = 0;
  localparam int ID_MBCNT = 80;
  // cndmask
  localparam logic [31:0] MATCH_CNDMASK = 32'h00000c88;
  localparam logic [31:0] MASK_CNDMASK = 32'h00000fff;
  localparam logic [6:0] OPCODE_CNDMASK = 7'h08;
  localparam int FUNCT_CNDMASK = 'h19;
  localparam int SIZE_CNDMASK = 4;
  localparam int FORMAT_CNDMASK = FMT_RU;
  localparam int LATENCY_CNDMASK = 4;
  localparam int ASYNC_CNDMASK = 0;
  localparam int ID_CNDMASK = 81;
  // movrel.s
  localparam logic [31:0] MATCH_MOVREL_S = 32'h00000d08;
  localparam logic [31:0] MASK_MOVREL_S = 32'h00000fff;
  localparam logic [6:0] OPCODE_MOVREL_S = 7'h08;
  localparam int FUNCT_MOVREL_S = 'h1a;
  localparam int SIZE_MOVREL_S = 4;
  localparam int FORMAT_MOVREL_S = FMT_RU;
  localparam int LATENCY_MOVREL_S = 4;
  localparam int ASYNC_MOVREL_S = 0;
  localparam int ID_MOVREL_S = 82;
  // movrel.d
  localparam logic [31:0] MATCH_MOVREL_D = 32'h00000d88;
  localparam logic [31:0] MASK_MOVREL_D = 32'h00000fff;
  localparam logic [6:0] OPCODE_MOVREL_D = 7'h08;
  localparam int FUNCT_MOVREL_D = 'h1b;
  localparam int SIZE_MOVREL_D = 4;
  localparam int FORMAT_MOVREL_D = FMT_RU;
  localparam int LATENCY_MOVREL_D = 4;
  localparam int ASYNC_MOVREL_D = 0;
  localparam int ID_MOVREL_D = 83;
  // mov
  localparam logic [31:0] MATCH_MOV = 32'h0000000e;
  localparam logic [31:0] MASK_MOV = 32'h0003ffff;
  localparam logic [6:0] OPCODE_MOV = 7'h0e;
  localparam int FUNCT_MOV = 'h0;
  localparam int SIZE_MOV = 4;
  localparam int FORMAT_MOV = FMT_R1;
  localparam int LATENCY_MOV = 4;
  localparam int ASYNC_MOV = 0;
  localparam int ID_MOV = 84;
  // mov.vu
  localparam logic [31:0] MATCH_MOV_VU = 32'h00000010;
  localparam logic [31:0] MASK_MOV_VU = 32'h0007ffff;
  localparam logic [6:0] OPCODE_MOV_VU = 7'h10;
  localparam int FUNCT_MOV_VU = 'h0;
  localparam int SIZE_MOV_VU = 4;
  localparam int FORMAT_MOV_VU = FMT_R1U;
  localparam int LATENCY_MOV_VU = 4;
  localparam int ASYNC_MOV_VU = 0;
  localparam int ID_MOV_VU = 85;
  // not
  localparam logic [31:0] MATCH_NOT = 32'h0000008e;
  localparam logic [31:0] MASK_NOT = 32'h0003ffff;
  localparam logic [6:0] OPCODE_NOT = 7'h0e;
  localparam int FUNCT_NOT = 'h1;
  localparam int SIZE_NOT = 4;
  localparam int FORMAT_NOT = FMT_R1;
  localparam int LATENCY_NOT = 4;
  localparam int ASYNC_NOT = 0;
  localparam int ID_NOT = 86;
  // clz
  localparam logic [31:0] MATCH_CLZ = 32'h0000010e;
  localparam logic [31:0] MASK_CLZ = 32'h0003ffff;
  localparam logic [6:0] OPCODE_CLZ = 7'h0e;
  localparam int FUNCT_CLZ = 'h2;
  localparam int SIZE_CLZ = 4;
  localparam int FORMAT_CLZ = FMT_R1;
  localparam int LATENCY_CLZ = 4;
  localparam int ASYNC_CLZ = 0;
  localparam int ID_CLZ = 87;
  // ctz
  localparam logic [31:0] MATCH_CTZ = 32'h0000018e;
  localparam logic [31:0] MASK_CTZ = 32'h0003ffff;
  localparam logic [6:0] OPCODE_CTZ = 7'h0e;
  localparam int FUNCT_CTZ = 'h3;
  localparam int SIZE_CTZ = 4;
  localparam int FORMAT_CTZ = FMT_R1;
  localparam int LATENCY_CTZ = 4;
  localparam int ASYNC_CTZ = 0;
  localparam int ID_CTZ = 88;
  // cpop
  localparam logic [31:0] MATCH_CPOP = 32'h0000020e;
  localparam logic [31:0] MASK_CPOP = 32'h0003ffff;
  localparam logic [6:0] OPCODE_CPOP = 7'h0e;
  localparam int FUNCT_CPOP = 'h4;
  localparam int SIZE_CPOP = 4;
  localparam int FORMAT_CPOP = FMT_R1;
  localparam int LATENCY_CPOP = 4;
  localparam int ASYNC_CPOP = 0;
  localparam int ID_CPOP = 89;
  // brev
  localparam logic [31:0] MATCH_BREV = 32'h0000028e;
  localparam logic [31:0] MASK_BREV = 32'h0003ffff;
  localparam logic [6:0] OPCODE_BREV = 7'h0e;
  localparam int FUNCT_BREV = 'h5;
  localparam int SIZE_BREV = 4;
  localparam int FORMAT_BREV = FMT_R1;
  localparam int LATENCY_BREV = 4;
  localparam int ASYNC_BREV = 0;
  localparam int ID_BREV = 90;
  // rev8
  localparam logic [31:0] MATCH_REV8 = 32'h0000030e;
  localparam logic [31:0] MASK_REV8 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_REV8 = 7'h0e;
  localparam int FUNCT_REV8 = 'h6;
  localparam int SIZE_REV8 = 4;
  localparam int FORMAT_REV8 = FMT_R1;
  localparam int LATENCY_REV8 = 4;
  localparam int ASYNC_REV8 = 0;
  localparam int ID_REV8 = 91;
  // sext.b
  localparam logic [31:0] MATCH_SEXT_B = 32'h0000038e;
  localparam logic [31:0] MASK_SEXT_B = 32'h0003ffff;
  localparam logic [6:0] OPCODE_SEXT_B = 7'h0e;
  localparam int FUNCT_SEXT_B = 'h7;
  localparam int SIZE_SEXT_B = 4;
  localparam int FORMAT_SEXT_B = FMT_R1;
  localparam int LATENCY_SEXT_B = 4;
  localparam int ASYNC_SEXT_B = 0;
  localparam int ID_SEXT_B = 92;
  // sext.h
  localparam logic [31:0] MATCH_SEXT_H = 32'h0000040e;
  localparam logic [31:0] MASK_SEXT_H = 32'h0003ffff;
  localparam logic [6:0] OPCODE_SEXT_H = 7'h0e;
  localparam int FUNCT_SEXT_H = 'h8;
  localparam int SIZE_SEXT_H = 4;
  localparam int FORMAT_SEXT_H = FMT_R1;
  localparam int LATENCY_SEXT_H = 4;
  localparam int ASYNC_SEXT_H = 0;
  localparam int ID_SEXT_H = 93;
  // zext.b
  localparam logic [31:0] MATCH_ZEXT_B = 32'h0000048e;
  localparam logic [31:0] MASK_ZEXT_B = 32'h0003ffff;
  localparam logic [6:0] OPCODE_ZEXT_B = 7'h0e;
  localparam int FUNCT_ZEXT_B = 'h9;
  localparam int SIZE_ZEXT_B = 4;
  localparam int FORMAT_ZEXT_B = FMT_R1;
  localparam int LATENCY_ZEXT_B = 4;
  localparam int ASYNC_ZEXT_B = 0;
  localparam int ID_ZEXT_B = 94;
  // zext.h
  localparam logic [31:0] MATCH_ZEXT_H = 32'h0000050e;
  localparam logic [31:0] MASK_ZEXT_H = 32'h0003ffff;
  localparam logic [6:0] OPCODE_ZEXT_H = 7'h0e;
  localparam int FUNCT_ZEXT_H = 'ha;
  localparam int SIZE_ZEXT_H = 4;
  localparam int FORMAT_ZEXT_H = FMT_R1;
  localparam int LATENCY_ZEXT_H = 4;
  localparam int ASYNC_ZEXT_H = 0;
  localparam int ID_ZEXT_H = 95;
  // laneid
  localparam logic [31:0] MATCH_LANEID = 32'h0000058e;
  localparam logic [31:0] MASK_LANEID = 32'hfe03ffff;
  localparam logic [6:0] OPCODE_LANEID = 7'h0e;
  localparam int FUNCT_LANEID = 'hb;
  localparam int SIZE_LANEID = 4;
  localparam int FORMAT_LANEID = FMT_R1;
  localparam int LATENCY_LANEID = 4;
  localparam int ASYNC_LANEID = 0;
  localparam int ID_LANEID = 96;
  // neg
  localparam logic [31:0] MATCH_NEG = 32'h0000060e;
  localparam logic [31:0] MASK_NEG = 32'h0003ffff;
  localparam logic [6:0] OPCODE_NEG = 7'h0e;
  localparam int FUNCT_NEG = 'hc;
  localparam int SIZE_NEG = 4;
  localparam int FORMAT_NEG = FMT_R1;
  localparam int LATENCY_NEG = 4;
  localparam int ASYNC_NEG = 0;
  localparam int ID_NEG = 97;
  // abs
  localparam logic [31:0] MATCH_ABS = 32'h0000068e;
  localparam logic [31:0] MASK_ABS = 32'h0003ffff;
  localparam logic [6:0] OPCODE_ABS = 7'h0e;
  localparam int FUNCT_ABS = 'hd;
  localparam int SIZE_ABS = 4;
  localparam int FORMAT_ABS = FMT_R1;
  localparam int LATENCY_ABS = 4;
  localparam int ASYNC_ABS = 0;
  localparam int ID_ABS = 98;
  // mov64
  localparam logic [31:0] MATCH_MOV64 = 32'h0000070e;
  localparam logic [31:0] MASK_MOV64 = 32'h0207ffff;
  localparam logic [6:0] OPCODE_MOV64 = 7'h0e;
  localparam int FUNCT_MOV64 = 'he;
  localparam int SIZE_MOV64 = 4;
  localparam int FORMAT_MOV64 = FMT_R1;
  localparam int LATENCY_MOV64 = 4;
  localparam int ASYNC_MOV64 = 0;
  localparam int ID_MOV64 = 99;
  // mov64.vu
  localparam logic [31:0] MATCH_MOV64_VU = 32'h00000090;
  localparam logic [31:0] MASK_MOV64_VU = 32'h040fffff;
  localparam logic [6:0] OPCODE_MOV64_VU = 7'h10;
  localparam int FUNCT_MOV64_VU = 'h1;
  localparam int SIZE_MOV64_VU = 4;
  localparam int FORMAT_MOV64_VU = FMT_R1U;
  localparam int LATENCY_MOV64_VU = 4;
  localparam int ASYNC_MOV64_VU = 0;
  localparam int ID_MOV64_VU = 100;
  // movi
  localparam logic [31:0] MATCH_MOVI = 32'h00000012;
  localparam logic [31:0] MASK_MOVI = 32'h0000007f;
  localparam logic [6:0] OPCODE_MOVI = 7'h12;
  localparam int FUNCT_MOVI = 'h0;
  localparam int SIZE_MOVI = 4;
  localparam int FORMAT_MOVI = FMT_LI;
  localparam int LATENCY_MOVI = 4;
  localparam int ASYNC_MOVI = 0;
  localparam int ID_MOVI = 101;
  // cmp.eq.i32
  localparam logic [31:0] MATCH_CMP_EQ_I32 = 32'h00000026;
  localparam logic [31:0] MASK_CMP_EQ_I32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_EQ_I32 = 7'h26;
  localparam int FUNCT_CMP_EQ_I32 = 'h0;
  localparam int SIZE_CMP_EQ_I32 = 4;
  localparam int FORMAT_CMP_EQ_I32 = FMT_C;
  localparam int LATENCY_CMP_EQ_I32 = 4;
  localparam int ASYNC_CMP_EQ_I32 = 0;
  localparam int ID_CMP_EQ_I32 = 102;
  // cmp.ne.i32
  localparam logic [31:0] MATCH_CMP_NE_I32 = 32'h000000a6;
  localparam logic [31:0] MASK_CMP_NE_I32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_NE_I32 = 7'h26;
  localparam int FUNCT_CMP_NE_I32 = 'h1;
  localparam int SIZE_CMP_NE_I32 = 4;
  localparam int FORMAT_CMP_NE_I32 = FMT_C;
  localparam int LATENCY_CMP_NE_I32 = 4;
  localparam int ASYNC_CMP_NE_I32 = 0;
  localparam int ID_CMP_NE_I32 = 103;
  // cmp.lt.i32
  localparam logic [31:0] MATCH_CMP_LT_I32 = 32'h00000126;
  localparam logic [31:0] MASK_CMP_LT_I32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_LT_I32 = 7'h26;
  localparam int FUNCT_CMP_LT_I32 = 'h2;
  localparam int SIZE_CMP_LT_I32 = 4;
  localparam int FORMAT_CMP_LT_I32 = FMT_C;
  localparam int LATENCY_CMP_LT_I32 = 4;
  localparam int ASYNC_CMP_LT_I32 = 0;
  localparam int ID_CMP_LT_I32 = 104;
  // cmp.ge.i32
  localparam logic [31:0] MATCH_CMP_GE_I32 = 32'h000001a6;
  localparam logic [31:0] MASK_CMP_GE_I32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_GE_I32 = 7'h26;
  localparam int FUNCT_CMP_GE_I32 = 'h3;
  localparam int SIZE_CMP_GE_I32 = 4;
  localparam int FORMAT_CMP_GE_I32 = FMT_C;
  localparam int LATENCY_CMP_GE_I32 = 4;
  localparam int ASYNC_CMP_GE_I32 = 0;
  localparam int ID_CMP_GE_I32 = 105;
  // cmp.lt.u32
  localparam logic [31:0] MATCH_CMP_LT_U32 = 32'h00000226;
  localparam logic [31:0] MASK_CMP_LT_U32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_LT_U32 = 7'h26;
  localparam int FUNCT_CMP_LT_U32 = 'h4;
  localparam int SIZE_CMP_LT_U32 = 4;
  localparam int FORMAT_CMP_LT_U32 = FMT_C;
  localparam int LATENCY_CMP_LT_U32 = 4;
  localparam int ASYNC_CMP_LT_U32 = 0;
  localparam int ID_CMP_LT_U32 = 106;
  // cmp.ge.u32
  localparam logic [31:0] MATCH_CMP_GE_U32 = 32'h000002a6;
  localparam logic [31:0] MASK_CMP_GE_U32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_GE_U32 = 7'h26;
  localparam int FUNCT_CMP_GE_U32 = 'h5;
  localparam int SIZE_CMP_GE_U32 = 4;
  localparam int FORMAT_CMP_GE_U32 = FMT_C;
  localparam int LATENCY_CMP_GE_U32 = 4;
  localparam int ASYNC_CMP_GE_U32 = 0;
  localparam int ID_CMP_GE_U32 = 107;
  // cmp.eq.i32.vu
  localparam logic [31:0] MATCH_CMP_EQ_I32_VU = 32'h00000028;
  localparam logic [31:0] MASK_CMP_EQ_I32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_EQ_I32_VU = 7'h28;
  localparam int FUNCT_CMP_EQ_I32_VU = 'h0;
  localparam int SIZE_CMP_EQ_I32_VU = 4;
  localparam int FORMAT_CMP_EQ_I32_VU = FMT_CU;
  localparam int LATENCY_CMP_EQ_I32_VU = 4;
  localparam int ASYNC_CMP_EQ_I32_VU = 0;
  localparam int ID_CMP_EQ_I32_VU = 108;
  // cmp.ne.i32.vu
  localparam logic [31:0] MATCH_CMP_NE_I32_VU = 32'h000000a8;
  localparam logic [31:0] MASK_CMP_NE_I32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_NE_I32_VU = 7'h28;
  localparam int FUNCT_CMP_NE_I32_VU = 'h1;
  localparam int SIZE_CMP_NE_I32_VU = 4;
  localparam int FORMAT_CMP_NE_I32_VU = FMT_CU;
  localparam int LATENCY_CMP_NE_I32_VU = 4;
  localparam int ASYNC_CMP_NE_I32_VU = 0;
  localparam int ID_CMP_NE_I32_VU = 109;
  // cmp.lt.i32.vu
  localparam logic [31:0] MATCH_CMP_LT_I32_VU = 32'h00000128;
  localparam logic [31:0] MASK_CMP_LT_I32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_LT_I32_VU = 7'h28;
  localparam int FUNCT_CMP_LT_I32_VU = 'h2;
  localparam int SIZE_CMP_LT_I32_VU = 4;
  localparam int FORMAT_CMP_LT_I32_VU = FMT_CU;
  localparam int LATENCY_CMP_LT_I32_VU = 4;
  localparam int ASYNC_CMP_LT_I32_VU = 0;
  localparam int ID_CMP_LT_I32_VU = 110;
  // cmp.ge.i32.vu
  localparam logic [31:0] MATCH_CMP_GE_I32_VU = 32'h000001a8;
  localparam logic [31:0] MASK_CMP_GE_I32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_GE_I32_VU = 7'h28;
  localparam int FUNCT_CMP_GE_I32_VU = 'h3;
  localparam int SIZE_CMP_GE_I32_VU = 4;
  localparam int FORMAT_CMP_GE_I32_VU = FMT_CU;
  localparam int LATENCY_CMP_GE_I32_VU = 4;
  localparam int ASYNC_CMP_GE_I32_VU = 0;
  localparam int ID_CMP_GE_I32_VU = 111;
  // cmp.lt.u32.vu
  localparam logic [31:0] MATCH_CMP_LT_U32_VU = 32'h00000228;
  localparam logic [31:0] MASK_CMP_LT_U32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_LT_U32_VU = 7'h28;
  localparam int FUNCT_CMP_LT_U32_VU = 'h4;
  localparam int SIZE_CMP_LT_U32_VU = 4;
  localparam int FORMAT_CMP_LT_U32_VU = FMT_CU;
  localparam int LATENCY_CMP_LT_U32_VU = 4;
  localparam int ASYNC_CMP_LT_U32_VU = 0;
  localparam int ID_CMP_LT_U32_VU = 112;
  // cmp.ge.u32.vu
  localparam logic [31:0] MATCH_CMP_GE_U32_VU = 32'h000002a8;
  localparam logic [31:0] MASK_CMP_GE_U32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_GE_U32_VU = 7'h28;
  localparam int FUNCT_CMP_GE_U32_VU = 'h5;
  localparam int SIZE_CMP_GE_U32_VU = 4;
  localparam int FORMAT_CMP_GE_U32_VU = FMT_CU;
  localparam int LATENCY_CMP_GE_U32_VU = 4;
  localparam int ASYNC_CMP_GE_U32_VU = 0;
  localparam int ID_CMP_GE_U32_VU = 113;
  // cmp.eq.i64
  localparam logic [31:0] MATCH_CMP_EQ_I64 = 32'h0000002a;
  localparam logic [31:0] MASK_CMP_EQ_I64 = 32'h02040fff;
  localparam logic [6:0] OPCODE_CMP_EQ_I64 = 7'h2a;
  localparam int FUNCT_CMP_EQ_I64 = 'h0;
  localparam int SIZE_CMP_EQ_I64 = 4;
  localparam int FORMAT_CMP_EQ_I64 = FMT_C;
  localparam int LATENCY_CMP_EQ_I64 = 4;
  localparam int ASYNC_CMP_EQ_I64 = 0;
  localparam int ID_CMP_EQ_I64 = 114;
  // cmp.ne.i64
  localparam logic [31:0] MATCH_CMP_NE_I64 = 32'h000000aa;
  localparam logic [31:0] MASK_CMP_NE_I64 = 32'h02040fff;
  localparam logic [6:0] OPCODE_CMP_NE_I64 = 7'h2a;
  localparam int FUNCT_CMP_NE_I64 = 'h1;
  localparam int SIZE_CMP_NE_I64 = 4;
  localparam int FORMAT_CMP_NE_I64 = FMT_C;
  localparam int LATENCY_CMP_NE_I64 = 4;
  localparam int ASYNC_CMP_NE_I64 = 0;
  localparam int ID_CMP_NE_I64 = 115;
  // cmp.lt.i64
  localparam logic [31:0] MATCH_CMP_LT_I64 = 32'h0000012a;
  localparam logic [31:0] MASK_CMP_LT_I64 = 32'h02040fff;
  localparam logic [6:0] OPCODE_CMP_LT_I64 = 7'h2a;
  localparam int FUNCT_CMP_LT_I64 = 'h2;
  localparam int SIZE_CMP_LT_I64 = 4;
  localparam int FORMAT_CMP_LT_I64 = FMT_C;
  localparam int LATENCY_CMP_LT_I64 = 4;
  localparam int ASYNC_CMP_LT_I64 = 0;
  localparam int ID_CMP_LT_I64 = 116;
  // cmp.ge.i64
  localparam logic [31:0] MATCH_CMP_GE_I64 = 32'h000001aa;
  localparam logic [31:0] MASK_CMP_GE_I64 = 32'h02040fff;
  localparam logic [6:0] OPCODE_CMP_GE_I64 = 7'h2a;
  localparam int FUNCT_CMP_GE_I64 = 'h3;
  localparam int SIZE_CMP_GE_I64 = 4;
  localparam int FORMAT_CMP_GE_I64 = FMT_C;
  localparam int LATENCY_CMP_GE_I64 = 4;
  localparam int ASYNC_CMP_GE_I64 = 0;
  localparam int ID_CMP_GE_I64 = 117;
  // cmp.lt.u64
  localparam logic [31:0] MATCH_CMP_LT_U64 = 32'h0000022a;
  localparam logic [31:0] MASK_CMP_LT_U64 = 32'h02040fff;
  localparam logic [6:0] OPCODE_CMP_LT_U64 = 7'h2a;
  localparam int FUNCT_CMP_LT_U64 = 'h4;
  localparam int SIZE_CMP_LT_U64 = 4;
  localparam int FORMAT_CMP_LT_U64 = FMT_C;
  localparam int LATENCY_CMP_LT_U64 = 4;
  localparam int ASYNC_CMP_LT_U64 = 0;
  localparam int ID_CMP_LT_U64 = 118;
  // cmp.ge.u64
  localparam logic [31:0] MATCH_CMP_GE_U64 = 32'h000002aa;
  localparam logic [31:0] MASK_CMP_GE_U64 = 32'h02040fff;
  localparam logic [6:0] OPCODE_CMP_GE_U64 = 7'h2a;
  localparam int FUNCT_CMP_GE_U64 = 'h5;
  localparam int SIZE_CMP_GE_U64 = 4;
  localparam int FORMAT_CMP_GE_U64 = FMT_C;
  localparam int LATENCY_CMP_GE_U64 = 4;
  localparam int ASYNC_CMP_GE_U64 = 0;
  localparam int ID_CMP_GE_U64 = 119;
  // cmp.eq.i32.vi
  localparam logic [31:0] MATCH_CMP_EQ_I32_VI = 32'h0000002c;
  localparam logic [31:0] MASK_CMP_EQ_I32_VI = 32'h000007ff;
  localparam logic [6:0] OPCODE_CMP_EQ_I32_VI = 7'h2c;
  localparam int FUNCT_CMP_EQ_I32_VI = 'h0;
  localparam int SIZE_CMP_EQ_I32_VI = 4;
  localparam int FORMAT_CMP_EQ_I32_VI = FMT_CI;
  localparam int LATENCY_CMP_EQ_I32_VI = 4;
  localparam int ASYNC_CMP_EQ_I32_VI = 0;
  localparam int ID_CMP_EQ_I32_VI = 120;
  // cmp.ne.i32.vi
  localparam logic [31:0] MATCH_CMP_NE_I32_VI = 32'h000000ac;
  localparam logic [31:0] MASK_CMP_NE_I32_VI = 32'h000007ff;
  localparam logic [6:0] OPCODE_CMP_NE_I32_VI = 7'h2c;
  localparam int FUNCT_CMP_NE_I32_VI = 'h1;
  localparam int SIZE_CMP_NE_I32_VI = 4;
  localparam int FORMAT_CMP_NE_I32_VI = FMT_CI;
  localparam int LATENCY_CMP_NE_I32_VI = 4;
  localparam int ASYNC_CMP_NE_I32_VI = 0;
  localparam int ID_CMP_NE_I32_VI = 121;
  // cmp.lt.i32.vi
  localparam logic [31:0] MATCH_CMP_LT_I32_VI = 32'h0000012c;
  localparam logic [31:0] MASK_CMP_LT_I32_VI = 32'h000007ff;
  localparam logic [6:0] OPCODE_CMP_LT_I32_VI = 7'h2c;
  localparam int FUNCT_CMP_LT_I32_VI = 'h2;
  localparam int SIZE_CMP_LT_I32_VI = 4;
  localparam int FORMAT_CMP_LT_I32_VI = FMT_CI;
  localparam int LATENCY_CMP_LT_I32_VI = 4;
  localparam int ASYNC_CMP_LT_I32_VI = 0;
  localparam int ID_CMP_LT_I32_VI = 122;
  // cmp.ge.i32.vi
  localparam logic [31:0] MATCH_CMP_GE_I32_VI = 32'h000001ac;
  localparam logic [31:0] MASK_CMP_GE_I32_VI = 32'h000007ff;
  localparam logic [6:0] OPCODE_CMP_GE_I32_VI = 7'h2c;
  localparam int FUNCT_CMP_GE_I32_VI = 'h3;
  localparam int SIZE_CMP_GE_I32_VI = 4;
  localparam int FORMAT_CMP_GE_I32_VI = FMT_CI;
  localparam int LATENCY_CMP_GE_I32_VI = 4;
  localparam int ASYNC_CMP_GE_I32_VI = 0;
  localparam int ID_CMP_GE_I32_VI = 123;
  // cmp.lt.u32.vi
  localparam logic [31:0] MATCH_CMP_LT_U32_VI = 32'h0000022c;
  localparam logic [31:0] MASK_CMP_LT_U32_VI = 32'h000007ff;
  localparam logic [6:0] OPCODE_CMP_LT_U32_VI = 7'h2c;
  localparam int FUNCT_CMP_LT_U32_VI = 'h4;
  localparam int SIZE_CMP_LT_U32_VI = 4;
  localparam int FORMAT_CMP_LT_U32_VI = FMT_CI;
  localparam int LATENCY_CMP_LT_U32_VI = 4;
  localparam int ASYNC_CMP_LT_U32_VI = 0;
  localparam int ID_CMP_LT_U32_VI = 124;
  // cmp.ge.u32.vi
  localparam logic [31:0] MATCH_CMP_GE_U32_VI = 32'h000002ac;
  localparam logic [31:0] MASK_CMP_GE_U32_VI = 32'h000007ff;
  localparam logic [6:0] OPCODE_CMP_GE_U32_VI = 7'h2c;
  localparam int FUNCT_CMP_GE_U32_VI = 'h5;
  localparam int SIZE_CMP_GE_U32_VI = 4;
  localparam int FORMAT_CMP_GE_U32_VI = FMT_CI;
  localparam int LATENCY_CMP_GE_U32_VI = 4;
  localparam int ASYNC_CMP_GE_U32_VI = 0;
  localparam int ID_CMP_GE_U32_VI = 125;
  // cmp.gt.i32.vi
  localparam logic [31:0] MATCH_CMP_GT_I32_VI = 32'h0000032c;
  localparam logic [31:0] MASK_CMP_GT_I32_VI = 32'h000007ff;
  localparam logic [6:0] OPCODE_CMP_GT_I32_VI = 7'h2c;
  localparam int FUNCT_CMP_GT_I32_VI = 'h6;
  localparam int SIZE_CMP_GT_I32_VI = 4;
  localparam int FORMAT_CMP_GT_I32_VI = FMT_CI;
  localparam int LATENCY_CMP_GT_I32_VI = 4;
  localparam int ASYNC_CMP_GT_I32_VI = 0;
  localparam int ID_CMP_GT_I32_VI = 126;
  // cmp.gt.u32.vi
  localparam logic [31:0] MATCH_CMP_GT_U32_VI = 32'h000003ac;
  localparam logic [31:0] MASK_CMP_GT_U32_VI = 32'h000007ff;
  localparam logic [6:0] OPCODE_CMP_GT_U32_VI = 7'h2c;
  localparam int FUNCT_CMP_GT_U32_VI = 'h7;
  localparam int SIZE_CMP_GT_U32_VI = 4;
  localparam int FORMAT_CMP_GT_U32_VI = FMT_CI;
  localparam int LATENCY_CMP_GT_U32_VI = 4;
  localparam int ASYNC_CMP_GT_U32_VI = 0;
  localparam int ID_CMP_GT_U32_VI = 127;
  // sel
  localparam logic [63:0] MATCH_SEL = 64'h0000000000000201;
  localparam logic [63:0] MASK_SEL = 64'hffffe0000001ffff;
  localparam logic [6:0] OPCODE_SEL = 7'h01;
  localparam int FUNCT_SEL = 'h4;
  localparam int SIZE_SEL = 8;
  localparam int FORMAT_SEL = FMT_X;
  localparam int LATENCY_SEL = 5;
  localparam int ASYNC_SEL = 0;
  localparam int ID_SEL = 128;
  // bfe.u32
  localparam logic [63:0] MATCH_BFE_U32 = 64'h0000000000000281;
  localparam logic [63:0] MASK_BFE_U32 = 64'hffffe0000001ffff;
  localparam logic [6:0] OPCODE_BFE_U32 = 7'h01;
  localparam int FUNCT_BFE_U32 = 'h5;
  localparam int SIZE_BFE_U32 = 8;
  localparam int FORMAT_BFE_U32 = FMT_X;
  localparam int LATENCY_BFE_U32 = 5;
  localparam int ASYNC_BFE_U32 = 0;
  localparam int ID_BFE_U32 = 129;
  // bfe.i32
  localparam logic [63:0] MATCH_BFE_I32 = 64'h0000000000000301;
  localparam logic [63:0] MASK_BFE_I32 = 64'hffffe0000001ffff;
  localparam logic [6:0] OPCODE_BFE_I32 = 7'h01;
  localparam int FUNCT_BFE_I32 = 'h6;
  localparam int SIZE_BFE_I32 = 8;
  localparam int FORMAT_BFE_I32 = FMT_X;
  localparam int LATENCY_BFE_I32 = 5;
  localparam int ASYNC_BFE_I32 = 0;
  localparam int ID_BFE_I32 = 130;
  // bfi
  localparam logic [63:0] MATCH_BFI = 64'h0000000000000381;
  localparam logic [63:0] MASK_BFI = 64'hffffe0000001ffff;
  localparam logic [6:0] OPCODE_BFI = 7'h01;
  localparam int FUNCT_BFI = 'h7;
  localparam int SIZE_BFI = 8;
  localparam int FORMAT_BFI = FMT_X;
  localparam int LATENCY_BFI = 5;
  localparam int ASYNC_BFI = 0;
  localparam int ID_BFI = 131;
  // perm.b32
  localparam logic [63:0] MATCH_PERM_B32 = 64'h0000000000000401;
  localparam logic [63:0] MASK_PERM_B32 = 64'hffffe0000001ffff;
  localparam logic [6:0] OPCODE_PERM_B32 = 7'h01;
  localparam int FUNCT_PERM_B32 = 'h8;
  localparam int SIZE_PERM_B32 = 8;
  localparam int FORMAT_PERM_B32 = FMT_X;
  localparam int LATENCY_PERM_B32 = 5;
  localparam int ASYNC_PERM_B32 = 0;
  localparam int ID_PERM_B32 = 132;
  // mad.u32
  localparam logic [63:0] MATCH_MAD_U32 = 64'h0000000000000481;
  localparam logic [63:0] MASK_MAD_U32 = 64'hffffe0000001ffff;
  localparam logic [6:0] OPCODE_MAD_U32 = 7'h01;
  localparam int FUNCT_MAD_U32 = 'h9;
  localparam int SIZE_MAD_U32 = 8;
  localparam int FORMAT_MAD_U32 = FMT_X;
  localparam int LATENCY_MAD_U32 = 5;
  localparam int ASYNC_MAD_U32 = 0;
  localparam int ID_MAD_U32 = 133;
  // mad64.u32
  localparam logic [63:0] MATCH_MAD64_U32 = 64'h0000000000000501;
  localparam logic [63:0] MASK_MAD64_U32 = 64'hffffe0400003ffff;
  localparam logic [6:0] OPCODE_MAD64_U32 = 7'h01;
  localparam int FUNCT_MAD64_U32 = 'ha;
  localparam int SIZE_MAD64_U32 = 8;
  localparam int FORMAT_MAD64_U32 = FMT_X;
  localparam int LATENCY_MAD64_U32 = 5;
  localparam int ASYNC_MAD64_U32 = 0;
  localparam int ID_MAD64_U32 = 134;
  // mad64.i32
  localparam logic [63:0] MATCH_MAD64_I32 = 64'h0000000000000581;
  localparam logic [63:0] MASK_MAD64_I32 = 64'hffffe0400003ffff;
  localparam logic [6:0] OPCODE_MAD64_I32 = 7'h01;
  localparam int FUNCT_MAD64_I32 = 'hb;
  localparam int SIZE_MAD64_I32 = 8;
  localparam int FORMAT_MAD64_I32 = FMT_X;
  localparam int LATENCY_MAD64_I32 = 5;
  localparam int ASYNC_MAD64_I32 = 0;
  localparam int ID_MAD64_I32 = 135;
  // alignbit
  localparam logic [63:0] MATCH_ALIGNBIT = 64'h0000000000000601;
  localparam logic [63:0] MASK_ALIGNBIT = 64'hffffe0000001ffff;
  localparam logic [6:0] OPCODE_ALIGNBIT = 7'h01;
  localparam int FUNCT_ALIGNBIT = 'hc;
  localparam int SIZE_ALIGNBIT = 8;
  localparam int FORMAT_ALIGNBIT = FMT_X;
  localparam int LATENCY_ALIGNBIT = 5;
  localparam int ASYNC_ALIGNBIT = 0;
  localparam int ID_ALIGNBIT = 136;
  // med3.i32
  localparam logic [63:0] MATCH_MED3_I32 = 64'h0000000000000681;
  localparam logic [63:0] MASK_MED3_I32 = 64'hffffe0000001ffff;
  localparam logic [6:0] OPCODE_MED3_I32 = 7'h01;
  localparam int FUNCT_MED3_I32 = 'hd;
  localparam int SIZE_MED3_I32 = 8;
  localparam int FORMAT_MED3_I32 = FMT_X;
  localparam int LATENCY_MED3_I32 = 5;
  localparam int ASYNC_MED3_I32 = 0;
  localparam int ID_MED3_I32 = 137;
  // med3.u32
  localparam logic [63:0] MATCH_MED3_U32 = 64'h0000000000000701;
  localparam logic [63:0] MASK_MED3_U32 = 64'hffffe0000001ffff;
  localparam logic [6:0] OPCODE_MED3_U32 = 7'h01;
  localparam int FUNCT_MED3_U32 = 'he;
  localparam int SIZE_MED3_U32 = 8;
  localparam int FORMAT_MED3_U32 = FMT_X;
  localparam int LATENCY_MED3_U32 = 5;
  localparam int ASYNC_MED3_U32 = 0;
  localparam int ID_MED3_U32 = 138;
  // dp4a.i32
  localparam logic [63:0] MATCH_DP4A_I32 = 64'h0000000000000781;
  localparam logic [63:0] MASK_DP4A_I32 = 64'hffffe0000001ffff;
  localparam logic [6:0] OPCODE_DP4A_I32 = 7'h01;
  localparam int FUNCT_DP4A_I32 = 'hf;
  localparam int SIZE_DP4A_I32 = 8;
  localparam int FORMAT_DP4A_I32 = FMT_X;
  localparam int LATENCY_DP4A_I32 = 5;
  localparam int ASYNC_DP4A_I32 = 0;
  localparam int ID_DP4A_I32 = 139;
  // dp4a.u32
  localparam logic [63:0] MATCH_DP4A_U32 = 64'h0000000000000801;
  localparam logic [63:0] MASK_DP4A_U32 = 64'hffffe0000001ffff;
  localparam logic [6:0] OPCODE_DP4A_U32 = 7'h01;
  localparam int FUNCT_DP4A_U32 = 'h10;
  localparam int SIZE_DP4A_U32 = 8;
  localparam int FORMAT_DP4A_U32 = FMT_X;
  localparam int LATENCY_DP4A_U32 = 5;
  localparam int ASYNC_DP4A_U32 = 0;
  localparam int ID_DP4A_U32 = 140;
  // sel64
  localparam logic [63:0] MATCH_SEL64 = 64'h0000000000000e01;
  localparam logic [63:0] MASK_SEL64 = 64'hffffe0008103ffff;
  localparam logic [6:0] OPCODE_SEL64 = 7'h01;
  localparam int FUNCT_SEL64 = 'h1c;
  localparam int SIZE_SEL64 = 8;
  localparam int FORMAT_SEL64 = FMT_X;
  localparam int LATENCY_SEL64 = 5;
  localparam int ASYNC_SEL64 = 0;
  localparam int ID_SEL64 = 141;
  // mov.vl
  localparam logic [63:0] MATCH_MOV_VL = 64'h0000000000000005;
  localparam logic [63:0] MASK_MOV_VL = 64'h00000000fe03ffff;
  localparam logic [6:0] OPCODE_MOV_VL = 7'h05;
  localparam int FUNCT_MOV_VL = 'h0;
  localparam int SIZE_MOV_VL = 8;
  localparam int FORMAT_MOV_VL = FMT_XL;
  localparam int LATENCY_MOV_VL = 4;
  localparam int ASYNC_MOV_VL = 0;
  localparam int ID_MOV_VL = 142;
  // add.vl
  localparam logic [63:0] MATCH_ADD_VL = 64'h0000000000000085;
  localparam logic [63:0] MASK_ADD_VL = 64'h000000000003ffff;
  localparam logic [6:0] OPCODE_ADD_VL = 7'h05;
  localparam int FUNCT_ADD_VL = 'h1;
  localparam int SIZE_ADD_VL = 8;
  localparam int FORMAT_ADD_VL = FMT_XL;
  localparam int LATENCY_ADD_VL = 4;
  localparam int ASYNC_ADD_VL = 0;
  localparam int ID_ADD_VL = 143;
  // subr.vl
  localparam logic [63:0] MATCH_SUBR_VL = 64'h0000000000000105;
  localparam logic [63:0] MASK_SUBR_VL = 64'h000000000003ffff;
  localparam logic [6:0] OPCODE_SUBR_VL = 7'h05;
  localparam int FUNCT_SUBR_VL = 'h2;
  localparam int SIZE_SUBR_VL = 8;
  localparam int FORMAT_SUBR_VL = FMT_XL;
  localparam int LATENCY_SUBR_VL = 4;
  localparam int ASYNC_SUBR_VL = 0;
  localparam int ID_SUBR_VL = 144;
  // and.vl
  localparam logic [63:0] MATCH_AND_VL = 64'h0000000000000185;
  localparam logic [63:0] MASK_AND_VL = 64'h000000000003ffff;
  localparam logic [6:0] OPCODE_AND_VL = 7'h05;
  localparam int FUNCT_AND_VL = 'h3;
  localparam int SIZE_AND_VL = 8;
  localparam int FORMAT_AND_VL = FMT_XL;
  localparam int LATENCY_AND_VL = 4;
  localparam int ASYNC_AND_VL = 0;
  localparam int ID_AND_VL = 145;
  // or.vl
  localparam logic [63:0] MATCH_OR_VL = 64'h0000000000000205;
  localparam logic [63:0] MASK_OR_VL = 64'h000000000003ffff;
  localparam logic [6:0] OPCODE_OR_VL = 7'h05;
  localparam int FUNCT_OR_VL = 'h4;
  localparam int SIZE_OR_VL = 8;
  localparam int FORMAT_OR_VL = FMT_XL;
  localparam int LATENCY_OR_VL = 4;
  localparam int ASYNC_OR_VL = 0;
  localparam int ID_OR_VL = 146;
  // xor.vl
  localparam logic [63:0] MATCH_XOR_VL = 64'h0000000000000285;
  localparam logic [63:0] MASK_XOR_VL = 64'h000000000003ffff;
  localparam logic [6:0] OPCODE_XOR_VL = 7'h05;
  localparam int FUNCT_XOR_VL = 'h5;
  localparam int SIZE_XOR_VL = 8;
  localparam int FORMAT_XOR_VL = FMT_XL;
  localparam int LATENCY_XOR_VL = 4;
  localparam int ASYNC_XOR_VL = 0;
  localparam int ID_XOR_VL = 147;
  // mul.vl
  localparam logic [63:0] MATCH_MUL_VL = 64'h0000000000000305;
  localparam logic [63:0] MASK_MUL_VL = 64'h000000000003ffff;
  localparam logic [6:0] OPCODE_MUL_VL = 7'h05;
  localparam int FUNCT_MUL_VL = 'h6;
  localparam int SIZE_MUL_VL = 8;
  localparam int FORMAT_MUL_VL = FMT_XL;
  localparam int LATENCY_MUL_VL = 4;
  localparam int ASYNC_MUL_VL = 0;
  localparam int ID_MUL_VL = 148;
  // addsx64.vl
  localparam logic [63:0] MATCH_ADDSX64_VL = 64'h0000000000000685;
  localparam logic [63:0] MASK_ADDSX64_VL = 64'h000000000207ffff;
  localparam logic [6:0] OPCODE_ADDSX64_VL = 7'h05;
  localparam int FUNCT_ADDSX64_VL = 'hd;
  localparam int SIZE_ADDSX64_VL = 8;
  localparam int FORMAT_ADDSX64_VL = FMT_XL;
  localparam int LATENCY_ADDSX64_VL = 4;
  localparam int ASYNC_ADDSX64_VL = 0;
  localparam int ID_ADDSX64_VL = 149;
  // uadd
  localparam logic [31:0] MATCH_UADD = 32'h0000003c;
  localparam logic [31:0] MASK_UADD = 32'h00003fff;
  localparam logic [6:0] OPCODE_UADD = 7'h3c;
  localparam int FUNCT_UADD = 'h0;
  localparam int SIZE_UADD = 4;
  localparam int FORMAT_UADD = FMT_UR;
  localparam int LATENCY_UADD = 2;
  localparam int ASYNC_UADD = 0;
  localparam int ID_UADD = 150;
  // usub
  localparam logic [31:0] MATCH_USUB = 32'h000000bc;
  localparam logic [31:0] MASK_USUB = 32'h00003fff;
  localparam logic [6:0] OPCODE_USUB = 7'h3c;
  localparam int FUNCT_USUB = 'h1;
  localparam int SIZE_USUB = 4;
  localparam int FORMAT_USUB = FMT_UR;
  localparam int LATENCY_USUB = 2;
  localparam int ASYNC_USUB = 0;
  localparam int ID_USUB = 151;
  // usll
  localparam logic [31:0] MATCH_USLL = 32'h0000013c;
  localparam logic [31:0] MASK_USLL = 32'h00003fff;
  localparam logic [6:0] OPCODE_USLL = 7'h3c;
  localparam int FUNCT_USLL = 'h2;
  localparam int SIZE_USLL = 4;
  localparam int FORMAT_USLL = FMT_UR;
  localparam int LATENCY_USLL = 2;
  localparam int ASYNC_USLL = 0;
  localparam int ID_USLL = 152;
  // uslt
  localparam logic [31:0] MATCH_USLT = 32'h000001bc;
  localparam logic [31:0] MASK_USLT = 32'h00003fff;
  localparam logic [6:0] OPCODE_USLT = 7'h3c;
  localparam int FUNCT_USLT = 'h3;
  localparam int SIZE_USLT = 4;
  localparam int FORMAT_USLT = FMT_UR;
  localparam int LATENCY_USLT = 2;
  localparam int ASYNC_USLT = 0;
  localparam int ID_USLT = 153;
  // usltu
  localparam logic [31:0] MATCH_USLTU = 32'h0000023c;
  localparam logic [31:0] MASK_USLTU = 32'h00003fff;
  localparam logic [6:0] OPCODE_USLTU = 7'h3c;
  localparam int FUNCT_USLTU = 'h4;
  localparam int SIZE_USLTU = 4;
  localparam int FORMAT_USLTU = FMT_UR;
  localparam int LATENCY_USLTU = 2;
  localparam int ASYNC_USLTU = 0;
  localparam int ID_USLTU = 154;
  // uxor
  localparam logic [31:0] MATCH_UXOR = 32'h000002bc;
  localparam logic [31:0] MASK_UXOR = 32'h00003fff;
  localparam logic [6:0] OPCODE_UXOR = 7'h3c;
  localparam int FUNCT_UXOR = 'h5;
  localparam int SIZE_UXOR = 4;
  localparam int FORMAT_UXOR = FMT_UR;
  localparam int LATENCY_UXOR = 2;
  localparam int ASYNC_UXOR = 0;
  localparam int ID_UXOR = 155;
  // usrl
  localparam logic [31:0] MATCH_USRL = 32'h0000033c;
  localparam logic [31:0] MASK_USRL = 32'h00003fff;
  localparam logic [6:0] OPCODE_USRL = 7'h3c;
  localparam int FUNCT_USRL = 'h6;
  localparam int SIZE_USRL = 4;
  localparam int FORMAT_USRL = FMT_UR;
  localparam int LATENCY_USRL = 2;
  localparam int ASYNC_USRL = 0;
  localparam int ID_USRL = 156;
  // usra
  localparam logic [31:0] MATCH_USRA = 32'h000003bc;
  localparam logic [31:0] MASK_USRA = 32'h00003fff;
  localparam logic [6:0] OPCODE_USRA = 7'h3c;
  localparam int FUNCT_USRA = 'h7;
  localparam int SIZE_USRA = 4;
  localparam int FORMAT_USRA = FMT_UR;
  localparam int LATENCY_USRA = 2;
  localparam int ASYNC_USRA = 0;
  localparam int ID_USRA = 157;
  // uor
  localparam logic [31:0] MATCH_UOR = 32'h0000043c;
  localparam logic [31:0] MASK_UOR = 32'h00003fff;
  localparam logic [6:0] OPCODE_UOR = 7'h3c;
  localparam int FUNCT_UOR = 'h8;
  localparam int SIZE_UOR = 4;
  localparam int FORMAT_UOR = FMT_UR;
  localparam int LATENCY_UOR = 2;
  localparam int ASYNC_UOR = 0;
  localparam int ID_UOR = 158;
  // uand
  localparam logic [31:0] MATCH_UAND = 32'h000004bc;
  localparam logic [31:0] MASK_UAND = 32'h00003fff;
  localparam logic [6:0] OPCODE_UAND = 7'h3c;
  localparam int FUNCT_UAND = 'h9;
  localparam int SIZE_UAND = 4;
  localparam int FORMAT_UAND = FMT_UR;
  localparam int LATENCY_UAND = 2;
  localparam int ASYNC_UAND = 0;
  localparam int ID_UAND = 159;
  // umin
  localparam logic [31:0] MATCH_UMIN = 32'h0000053c;
  localparam logic [31:0] MASK_UMIN = 32'h00003fff;
  localparam logic [6:0] OPCODE_UMIN = 7'h3c;
  localparam int FUNCT_UMIN = 'ha;
  localparam int SIZE_UMIN = 4;
  localparam int FORMAT_UMIN = FMT_UR;
  localparam int LATENCY_UMIN = 2;
  localparam int ASYNC_UMIN = 0;
  localparam int ID_UMIN = 160;
  // umax
  localparam logic [31:0] MATCH_UMAX = 32'h000005bc;
  localparam logic [31:0] MASK_UMAX = 32'h00003fff;
  localparam logic [6:0] OPCODE_UMAX = 7'h3c;
  localparam int FUNCT_UMAX = 'hb;
  localparam int SIZE_UMAX = 4;
  localparam int FORMAT_UMAX = FMT_UR;
  localparam int LATENCY_UMAX = 2;
  localparam int ASYNC_UMAX = 0;
  localparam int ID_UMAX = 161;
  // uminu
  localparam logic [31:0] MATCH_UMINU = 32'h0000063c;
  localparam logic [31:0] MASK_UMINU = 32'h00003fff;
  localparam logic [6:0] OPCODE_UMINU = 7'h3c;
  localparam int FUNCT_UMINU = 'hc;
  localparam int SIZE_UMINU = 4;
  localparam int FORMAT_UMINU = FMT_UR;
  localparam int LATENCY_UMINU = 2;
  localparam int ASYNC_UMINU = 0;
  localparam int ID_UMINU = 162;
  // umaxu
  localparam logic [31:0] MATCH_UMAXU = 32'h000006bc;
  localparam logic [31:0] MASK_UMAXU = 32'h00003fff;
  localparam logic [6:0] OPCODE_UMAXU = 7'h3c;
  localparam int FUNCT_UMAXU = 'hd;
  localparam int SIZE_UMAXU = 4;
  localparam int FORMAT_UMAXU = FMT_UR;
  localparam int LATENCY_UMAXU = 2;
  localparam int ASYNC_UMAXU = 0;
  localparam int ID_UMAXU = 163;
  // uandn
  localparam logic [31:0] MATCH_UANDN = 32'h0000073c;
  localparam logic [31:0] MASK_UANDN = 32'h00003fff;
  localparam logic [6:0] OPCODE_UANDN = 7'h3c;
  localparam int FUNCT_UANDN = 'he;
  localparam int SIZE_UANDN = 4;
  localparam int FORMAT_UANDN = FMT_UR;
  localparam int LATENCY_UANDN = 2;
  localparam int ASYNC_UANDN = 0;
  localparam int ID_UANDN = 164;
  // uorn
  localparam logic [31:0] MATCH_UORN = 32'h000007bc;
  localparam logic [31:0] MASK_UORN = 32'h00003fff;
  localparam logic [6:0] OPCODE_UORN = 7'h3c;
  localparam int FUNCT_UORN = 'hf;
  localparam int SIZE_UORN = 4;
  localparam int FORMAT_UORN = FMT_UR;
  localparam int LATENCY_UORN = 2;
  localparam int ASYNC_UORN = 0;
  localparam int ID_UORN = 165;
  // uxnor
  localparam logic [31:0] MATCH_UXNOR = 32'h0000083c;
  localparam logic [31:0] MASK_UXNOR = 32'h00003fff;
  localparam logic [6:0] OPCODE_UXNOR = 7'h3c;
  localparam int FUNCT_UXNOR = 'h10;
  localparam int SIZE_UXNOR = 4;
  localparam int FORMAT_UXNOR = FMT_UR;
  localparam int LATENCY_UXNOR = 2;
  localparam int ASYNC_UXNOR = 0;
  localparam int ID_UXNOR = 166;
  // umul
  localparam logic [31:0] MATCH_UMUL = 32'h000008bc;
  localparam logic [31:0] MASK_UMUL = 32'h00003fff;
  localparam logic [6:0] OPCODE_UMUL = 7'h3c;
  localparam int FUNCT_UMUL = 'h11;
  localparam int SIZE_UMUL = 4;
  localparam int FORMAT_UMUL = FMT_UR;
  localparam int LATENCY_UMUL = 2;
  localparam int ASYNC_UMUL = 0;
  localparam int ID_UMUL = 167;
  // umulh
  localparam logic [31:0] MATCH_UMULH = 32'h0000093c;
  localparam logic [31:0] MASK_UMULH = 32'h00003fff;
  localparam logic [6:0] OPCODE_UMULH = 7'h3c;
  localparam int FUNCT_UMULH = 'h12;
  localparam int SIZE_UMULH = 4;
  localparam int FORMAT_UMULH = FMT_UR;
  localparam int LATENCY_UMULH = 2;
  localparam int ASYNC_UMULH = 0;
  localparam int ID_UMULH = 168;
  // umulhu
  localparam logic [31:0] MATCH_UMULHU = 32'h000009bc;
  localparam logic [31:0] MASK_UMULHU = 32'h00003fff;
  localparam logic [6:0] OPCODE_UMULHU = 7'h3c;
  localparam int FUNCT_UMULHU = 'h13;
  localparam int SIZE_UMULHU = 4;
  localparam int FORMAT_UMULHU = FMT_UR;
  localparam int LATENCY_UMULHU = 2;
  localparam int ASYNC_UMULHU = 0;
  localparam int ID_UMULHU = 169;
  // umulhsu
  localparam logic [31:0] MATCH_UMULHSU = 32'h00000a3c;
  localparam logic [31:0] MASK_UMULHSU = 32'h00003fff;
  localparam logic [6:0] OPCODE_UMULHSU = 7'h3c;
  localparam int FUNCT_UMULHSU = 'h14;
  localparam int SIZE_UMULHSU = 4;
  localparam int FORMAT_UMULHSU = FMT_UR;
  localparam int LATENCY_UMULHSU = 2;
  localparam int ASYNC_UMULHSU = 0;
  localparam int ID_UMULHSU = 170;
  // uczero.eqz
  localparam logic [31:0] MATCH_UCZERO_EQZ = 32'h00000abc;
  localparam logic [31:0] MASK_UCZERO_EQZ = 32'h00003fff;
  localparam logic [6:0] OPCODE_UCZERO_EQZ = 7'h3c;
  localparam int FUNCT_UCZERO_EQZ = 'h15;
  localparam int SIZE_UCZERO_EQZ = 4;
  localparam int FORMAT_UCZERO_EQZ = FMT_UR;
  localparam int LATENCY_UCZERO_EQZ = 2;
  localparam int ASYNC_UCZERO_EQZ = 0;
  localparam int ID_UCZERO_EQZ = 171;
  // uczero.nez
  localparam logic [31:0] MATCH_UCZERO_NEZ = 32'h00000b3c;
  localparam logic [31:0] MASK_UCZERO_NEZ = 32'h00003fff;
  localparam logic [6:0] OPCODE_UCZERO_NEZ = 7'h3c;
  localparam int FUNCT_UCZERO_NEZ = 'h16;
  localparam int SIZE_UCZERO_NEZ = 4;
  localparam int FORMAT_UCZERO_NEZ = FMT_UR;
  localparam int LATENCY_UCZERO_NEZ = 2;
  localparam int ASYNC_UCZERO_NEZ = 0;
  localparam int ID_UCZERO_NEZ = 172;
  // useq
  localparam logic [31:0] MATCH_USEQ = 32'h00000bbc;
  localparam logic [31:0] MASK_USEQ = 32'h00003fff;
  localparam logic [6:0] OPCODE_USEQ = 7'h3c;
  localparam int FUNCT_USEQ = 'h17;
  localparam int SIZE_USEQ = 4;
  localparam int FORMAT_USEQ = FMT_UR;
  localparam int LATENCY_USEQ = 2;
  localparam int ASYNC_USEQ = 0;
  localparam int ID_USEQ = 173;
  // usne
  localparam logic [31:0] MATCH_USNE = 32'h00000c3c;
  localparam logic [31:0] MASK_USNE = 32'h00003fff;
  localparam logic [6:0] OPCODE_USNE = 7'h3c;
  localparam int FUNCT_USNE = 'h18;
  localparam int SIZE_USNE = 4;
  localparam int FORMAT_USNE = FMT_UR;
  localparam int LATENCY_USNE = 2;
  localparam int ASYNC_USNE = 0;
  localparam int ID_USNE = 174;
  // usge
  localparam logic [31:0] MATCH_USGE = 32'h00000cbc;
  localparam logic [31:0] MASK_USGE = 32'h00003fff;
  localparam logic [6:0] OPCODE_USGE = 7'h3c;
  localparam int FUNCT_USGE = 'h19;
  localparam int SIZE_USGE = 4;
  localparam int FORMAT_USGE = FMT_UR;
  localparam int LATENCY_USGE = 2;
  localparam int ASYNC_USGE = 0;
  localparam int ID_USGE = 175;
  // usgeu
  localparam logic [31:0] MATCH_USGEU = 32'h00000d3c;
  localparam logic [31:0] MASK_USGEU = 32'h00003fff;
  localparam logic [6:0] OPCODE_USGEU = 7'h3c;
  localparam int FUNCT_USGEU = 'h1a;
  localparam int SIZE_USGEU = 4;
  localparam int FORMAT_USGEU = FMT_UR;
  localparam int LATENCY_USGEU = 2;
  localparam int ASYNC_USGEU = 0;
  localparam int ID_USGEU = 176;
  // ubfm
  localparam logic [31:0] MATCH_UBFM = 32'h00000dbc;
  localparam logic [31:0] MASK_UBFM = 32'h00003fff;
  localparam logic [6:0] OPCODE_UBFM = 7'h3c;
  localparam int FUNCT_UBFM = 'h1b;
  localparam int SIZE_UBFM = 4;
  localparam int FORMAT_UBFM = FMT_UR;
  localparam int LATENCY_UBFM = 2;
  localparam int ASYNC_UBFM = 0;
  localparam int ID_UBFM = 177;
  // ubfe.u32
  localparam logic [31:0] MATCH_UBFE_U32 = 32'h00000e3c;
  localparam logic [31:0] MASK_UBFE_U32 = 32'h00003fff;
  localparam logic [6:0] OPCODE_UBFE_U32 = 7'h3c;
  localparam int FUNCT_UBFE_U32 = 'h1c;
  localparam int SIZE_UBFE_U32 = 4;
  localparam int FORMAT_UBFE_U32 = FMT_UR;
  localparam int LATENCY_UBFE_U32 = 2;
  localparam int ASYNC_UBFE_U32 = 0;
  localparam int ID_UBFE_U32 = 178;
  // ubfe.i32
  localparam logic [31:0] MATCH_UBFE_I32 = 32'h00000ebc;
  localparam logic [31:0] MASK_UBFE_I32 = 32'h00003fff;
  localparam logic [6:0] OPCODE_UBFE_I32 = 7'h3c;
  localparam int FUNCT_UBFE_I32 = 'h1d;
  localparam int SIZE_UBFE_I32 = 4;
  localparam int FORMAT_UBFE_I32 = FMT_UR;
  localparam int LATENCY_UBFE_I32 = 2;
  localparam int ASYNC_UBFE_I32 = 0;
  localparam int ID_UBFE_I32 = 179;
  // uadd64
  localparam logic [31:0] MATCH_UADD64 = 32'h00000f3c;
  localparam logic [31:0] MASK_UADD64 = 32'h04107fff;
  localparam logic [6:0] OPCODE_UADD64 = 7'h3c;
  localparam int FUNCT_UADD64 = 'h1e;
  localparam int SIZE_UADD64 = 4;
  localparam int FORMAT_UADD64 = FMT_UR;
  localparam int LATENCY_UADD64 = 2;
  localparam int ASYNC_UADD64 = 0;
  localparam int ID_UADD64 = 180;
  // usub64
  localparam logic [31:0] MATCH_USUB64 = 32'h00000fbc;
  localparam logic [31:0] MASK_USUB64 = 32'h04107fff;
  localparam logic [6:0] OPCODE_USUB64 = 7'h3c;
  localparam int FUNCT_USUB64 = 'h1f;
  localparam int SIZE_USUB64 = 4;
  localparam int FORMAT_USUB64 = FMT_UR;
  localparam int LATENCY_USUB64 = 2;
  localparam int ASYNC_USUB64 = 0;
  localparam int ID_USUB64 = 181;
  // uaddsx64
  localparam logic [31:0] MATCH_UADDSX64 = 32'h0000103c;
  localparam logic [31:0] MASK_UADDSX64 = 32'h00107fff;
  localparam logic [6:0] OPCODE_UADDSX64 = 7'h3c;
  localparam int FUNCT_UADDSX64 = 'h20;
  localparam int SIZE_UADDSX64 = 4;
  localparam int FORMAT_UADDSX64 = FMT_UR;
  localparam int LATENCY_UADDSX64 = 2;
  localparam int ASYNC_UADDSX64 = 0;
  localparam int ID_UADDSX64 = 182;
  // uaddzx64
  localparam logic [31:0] MATCH_UADDZX64 = 32'h000010bc;
  localparam logic [31:0] MASK_UADDZX64 = 32'h00107fff;
  localparam logic [6:0] OPCODE_UADDZX64 = 7'h3c;
  localparam int FUNCT_UADDZX64 = 'h21;
  localparam int SIZE_UADDZX64 = 4;
  localparam int FORMAT_UADDZX64 = FMT_UR;
  localparam int LATENCY_UADDZX64 = 2;
  localparam int ASYNC_UADDZX64 = 0;
  localparam int ID_UADDZX64 = 183;
  // urol
  localparam logic [31:0] MATCH_UROL = 32'h0000113c;
  localparam logic [31:0] MASK_UROL = 32'h00003fff;
  localparam logic [6:0] OPCODE_UROL = 7'h3c;
  localparam int FUNCT_UROL = 'h22;
  localparam int SIZE_UROL = 4;
  localparam int FORMAT_UROL = FMT_UR;
  localparam int LATENCY_UROL = 2;
  localparam int ASYNC_UROL = 0;
  localparam int ID_UROL = 184;
  // uror
  localparam logic [31:0] MATCH_UROR = 32'h000011bc;
  localparam logic [31:0] MASK_UROR = 32'h00003fff;
  localparam logic [6:0] OPCODE_UROR = 7'h3c;
  localparam int FUNCT_UROR = 'h23;
  localparam int SIZE_UROR = 4;
  localparam int FORMAT_UROR = FMT_UR;
  localparam int LATENCY_UROR = 2;
  localparam int ASYNC_UROR = 0;
  localparam int ID_UROR = 185;
  // uaddi
  localparam logic [31:0] MATCH_UADDI = 32'h0000003e;
  localparam logic [31:0] MASK_UADDI = 32'h000003ff;
  localparam logic [6:0] OPCODE_UADDI = 7'h3e;
  localparam int FUNCT_UADDI = 'h0;
  localparam int SIZE_UADDI = 4;
  localparam int FORMAT_UADDI = FMT_UI;
  localparam int LATENCY_UADDI = 2;
  localparam int ASYNC_UADDI = 0;
  localparam int ID_UADDI = 186;
  // uandi
  localparam logic [31:0] MATCH_UANDI = 32'h000000be;
  localparam logic [31:0] MASK_UANDI = 32'h000003ff;
  localparam logic [6:0] OPCODE_UANDI = 7'h3e;
  localparam int FUNCT_UANDI = 'h1;
  localparam int SIZE_UANDI = 4;
  localparam int FORMAT_UANDI = FMT_UI;
  localparam int LATENCY_UANDI = 2;
  localparam int ASYNC_UANDI = 0;
  localparam int ID_UANDI = 187;
  // uori
  localparam logic [31:0] MATCH_UORI = 32'h0000013e;
  localparam logic [31:0] MASK_UORI = 32'h000003ff;
  localparam logic [6:0] OPCODE_UORI = 7'h3e;
  localparam int FUNCT_UORI = 'h2;
  localparam int SIZE_UORI = 4;
  localparam int FORMAT_UORI = FMT_UI;
  localparam int LATENCY_UORI = 2;
  localparam int ASYNC_UORI = 0;
  localparam int ID_UORI = 188;
  // uxori
  localparam logic [31:0] MATCH_UXORI = 32'h000001be;
  localparam logic [31:0] MASK_UXORI = 32'h000003ff;
  localparam logic [6:0] OPCODE_UXORI = 7'h3e;
  localparam int FUNCT_UXORI = 'h3;
  localparam int SIZE_UXORI = 4;
  localparam int FORMAT_UXORI = FMT_UI;
  localparam int LATENCY_UXORI = 2;
  localparam int ASYNC_UXORI = 0;
  localparam int ID_UXORI = 189;
  // uslli
  localparam logic [31:0] MATCH_USLLI = 32'h0000023e;
  localparam logic [31:0] MASK_USLLI = 32'h000003ff;
  localparam logic [6:0] OPCODE_USLLI = 7'h3e;
  localparam int FUNCT_USLLI = 'h4;
  localparam int SIZE_USLLI = 4;
  localparam int FORMAT_USLLI = FMT_UI;
  localparam int LATENCY_USLLI = 2;
  localparam int ASYNC_USLLI = 0;
  localparam int ID_USLLI = 190;
  // usrli
  localparam logic [31:0] MATCH_USRLI = 32'h000002be;
  localparam logic [31:0] MASK_USRLI = 32'h000003ff;
  localparam logic [6:0] OPCODE_USRLI = 7'h3e;
  localparam int FUNCT_USRLI = 'h5;
  localparam int SIZE_USRLI = 4;
  localparam int FORMAT_USRLI = FMT_UI;
  localparam int LATENCY_USRLI = 2;
  localparam int ASYNC_USRLI = 0;
  localparam int ID_USRLI = 191;
  // usrai
  localparam logic [31:0] MATCH_USRAI = 32'h0000033e;
  localparam logic [31:0] MASK_USRAI = 32'h000003ff;
  localparam logic [6:0] OPCODE_USRAI = 7'h3e;
  localparam int FUNCT_USRAI = 'h6;
  localparam int SIZE_USRAI = 4;
  localparam int FORMAT_USRAI = FMT_UI;
  localparam int LATENCY_USRAI = 2;
  localparam int ASYNC_USRAI = 0;
  localparam int ID_USRAI = 192;
  // uslti
  localparam logic [31:0] MATCH_USLTI = 32'h000003be;
  localparam logic [31:0] MASK_USLTI = 32'h000003ff;
  localparam logic [6:0] OPCODE_USLTI = 7'h3e;
  localparam int FUNCT_USLTI = 'h7;
  localparam int SIZE_USLTI = 4;
  localparam int FORMAT_USLTI = FMT_UI;
  localparam int LATENCY_USLTI = 2;
  localparam int ASYNC_USLTI = 0;
  localparam int ID_USLTI = 193;
  // usltiu
  localparam logic [31:0] MATCH_USLTIU = 32'h00000040;
  localparam logic [31:0] MASK_USLTIU = 32'h000003ff;
  localparam logic [6:0] OPCODE_USLTIU = 7'h40;
  localparam int FUNCT_USLTIU = 'h0;
  localparam int SIZE_USLTIU = 4;
  localparam int FORMAT_USLTIU = FMT_UI;
  localparam int LATENCY_USLTIU = 2;
  localparam int ASYNC_USLTIU = 0;
  localparam int ID_USLTIU = 194;
  // useqi
  localparam logic [31:0] MATCH_USEQI = 32'h000000c0;
  localparam logic [31:0] MASK_USEQI = 32'h000003ff;
  localparam logic [6:0] OPCODE_USEQI = 7'h40;
  localparam int FUNCT_USEQI = 'h1;
  localparam int SIZE_USEQI = 4;
  localparam int FORMAT_USEQI = FMT_UI;
  localparam int LATENCY_USEQI = 2;
  localparam int ASYNC_USEQI = 0;
  localparam int ID_USEQI = 195;
  // usnei
  localparam logic [31:0] MATCH_USNEI = 32'h00000140;
  localparam logic [31:0] MASK_USNEI = 32'h000003ff;
  localparam logic [6:0] OPCODE_USNEI = 7'h40;
  localparam int FUNCT_USNEI = 'h2;
  localparam int SIZE_USNEI = 4;
  localparam int FORMAT_USNEI = FMT_UI;
  localparam int LATENCY_USNEI = 2;
  localparam int ASYNC_USNEI = 0;
  localparam int ID_USNEI = 196;
  // umuli
  localparam logic [31:0] MATCH_UMULI = 32'h000001c0;
  localparam logic [31:0] MASK_UMULI = 32'h000003ff;
  localparam logic [6:0] OPCODE_UMULI = 7'h40;
  localparam int FUNCT_UMULI = 'h3;
  localparam int SIZE_UMULI = 4;
  localparam int FORMAT_UMULI = FMT_UI;
  localparam int LATENCY_UMULI = 2;
  localparam int ASYNC_UMULI = 0;
  localparam int ID_UMULI = 197;
  // uadd64i
  localparam logic [31:0] MATCH_UADD64I = 32'h00000240;
  localparam logic [31:0] MASK_UADD64I = 32'h000107ff;
  localparam logic [6:0] OPCODE_UADD64I = 7'h40;
  localparam int FUNCT_UADD64I = 'h4;
  localparam int SIZE_UADD64I = 4;
  localparam int FORMAT_UADD64I = FMT_UI;
  localparam int LATENCY_UADD64I = 2;
  localparam int ASYNC_UADD64I = 0;
  localparam int ID_UADD64I = 198;
  // umov
  localparam logic [31:0] MATCH_UMOV = 32'h00000042;
  localparam logic [31:0] MASK_UMOV = 32'h000fffff;
  localparam logic [6:0] OPCODE_UMOV = 7'h42;
  localparam int FUNCT_UMOV = 'h0;
  localparam int SIZE_UMOV = 4;
  localparam int FORMAT_UMOV = FMT_U1;
  localparam int LATENCY_UMOV = 2;
  localparam int ASYNC_UMOV = 0;
  localparam int ID_UMOV = 199;
  // unot
  localparam logic [31:0] MATCH_UNOT = 32'h000000c2;
  localparam logic [31:0] MASK_UNOT = 32'h000fffff;
  localparam logic [6:0] OPCODE_UNOT = 7'h42;
  localparam int FUNCT_UNOT = 'h1;
  localparam int SIZE_UNOT = 4;
  localparam int FORMAT_UNOT = FMT_U1;
  localparam int LATENCY_UNOT = 2;
  localparam int ASYNC_UNOT = 0;
  localparam int ID_UNOT = 200;
  // uclz
  localparam logic [31:0] MATCH_UCLZ = 32'h00000142;
  localparam logic [31:0] MASK_UCLZ = 32'h000fffff;
  localparam logic [6:0] OPCODE_UCLZ = 7'h42;
  localparam int FUNCT_UCLZ = 'h2;
  localparam int SIZE_UCLZ = 4;
  localparam int FORMAT_UCLZ = FMT_U1;
  localparam int LATENCY_UCLZ = 2;
  localparam int ASYNC_UCLZ = 0;
  localparam int ID_UCLZ = 201;
  // uctz
  localparam logic [31:0] MATCH_UCTZ = 32'h000001c2;
  localparam logic [31:0] MASK_UCTZ = 32'h000fffff;
  localparam logic [6:0] OPCODE_UCTZ = 7'h42;
  localparam int FUNCT_UCTZ = 'h3;
  localparam int SIZE_UCTZ = 4;
  localparam int FORMAT_UCTZ = FMT_U1;
  localparam int LATENCY_UCTZ = 2;
  localparam int ASYNC_UCTZ = 0;
  localparam int ID_UCTZ = 202;
  // ucpop
  localparam logic [31:0] MATCH_UCPOP = 32'h00000242;
  localparam logic [31:0] MASK_UCPOP = 32'h000fffff;
  localparam logic [6:0] OPCODE_UCPOP = 7'h42;
  localparam int FUNCT_UCPOP = 'h4;
  localparam int SIZE_UCPOP = 4;
  localparam int FORMAT_UCPOP = FMT_U1;
  localparam int LATENCY_UCPOP = 2;
  localparam int ASYNC_UCPOP = 0;
  localparam int ID_UCPOP = 203;
  // ubrev
  localparam logic [31:0] MATCH_UBREV = 32'h000002c2;
  localparam logic [31:0] MASK_UBREV = 32'h000fffff;
  localparam logic [6:0] OPCODE_UBREV = 7'h42;
  localparam int FUNCT_UBREV = 'h5;
  localparam int SIZE_UBREV = 4;
  localparam int FORMAT_UBREV = FMT_U1;
  localparam int LATENCY_UBREV = 2;
  localparam int ASYNC_UBREV = 0;
  localparam int ID_UBREV = 204;
  // usext.b
  localparam logic [31:0] MATCH_USEXT_B = 32'h00000342;
  localparam logic [31:0] MASK_USEXT_B = 32'h000fffff;
  localparam logic [6:0] OPCODE_USEXT_B = 7'h42;
  localparam int FUNCT_USEXT_B = 'h6;
  localparam int SIZE_USEXT_B = 4;
  localparam int FORMAT_USEXT_B = FMT_U1;
  localparam int LATENCY_USEXT_B = 2;
  localparam int ASYNC_USEXT_B = 0;
  localparam int ID_USEXT_B = 205;
  // usext.h
  localparam logic [31:0] MATCH_USEXT_H = 32'h000003c2;
  localparam logic [31:0] MASK_USEXT_H = 32'h000fffff;
  localparam logic [6:0] OPCODE_USEXT_H = 7'h42;
  localparam int FUNCT_USEXT_H = 'h7;
  localparam int SIZE_USEXT_H = 4;
  localparam int FORMAT_USEXT_H = FMT_U1;
  localparam int LATENCY_USEXT_H = 2;
  localparam int ASYNC_USEXT_H = 0;
  localparam int ID_USEXT_H = 206;
  // umov64
  localparam logic [31:0] MATCH_UMOV64 = 32'h00000442;
  localparam logic [31:0] MASK_UMOV64 = 32'h041fffff;
  localparam logic [6:0] OPCODE_UMOV64 = 7'h42;
  localparam int FUNCT_UMOV64 = 'h8;
  localparam int SIZE_UMOV64 = 4;
  localparam int FORMAT_UMOV64 = FMT_U1;
  localparam int LATENCY_UMOV64 = 2;
  localparam int ASYNC_UMOV64 = 0;
  localparam int ID_UMOV64 = 207;
  // uwqm
  localparam logic [31:0] MATCH_UWQM = 32'h000004c2;
  localparam logic [31:0] MASK_UWQM = 32'h000fffff;
  localparam logic [6:0] OPCODE_UWQM = 7'h42;
  localparam int FUNCT_UWQM = 'h9;
  localparam int SIZE_UWQM = 4;
  localparam int FORMAT_UWQM = FMT_U1;
  localparam int LATENCY_UWQM = 2;
  localparam int ASYNC_UWQM = 0;
  localparam int ID_UWQM = 208;
  // exec.get
  localparam logic [31:0] MATCH_EXEC_GET = 32'h00000842;
  localparam logic [31:0] MASK_EXEC_GET = 32'hfc0fffff;
  localparam logic [6:0] OPCODE_EXEC_GET = 7'h42;
  localparam int FUNCT_EXEC_GET = 'h10;
  localparam int SIZE_EXEC_GET = 4;
  localparam int FORMAT_EXEC_GET = FMT_U1;
  localparam int LATENCY_EXEC_GET = 2;
  localparam int ASYNC_EXEC_GET = 0;
  localparam int ID_EXEC_GET = 209;
  // exec.set
  localparam logic [31:0] MATCH_EXEC_SET = 32'h000008c2;
  localparam logic [31:0] MASK_EXEC_SET = 32'h03ffffff;
  localparam logic [6:0] OPCODE_EXEC_SET = 7'h42;
  localparam int FUNCT_EXEC_SET = 'h11;
  localparam int SIZE_EXEC_SET = 4;
  localparam int FORMAT_EXEC_SET = FMT_U1;
  localparam int LATENCY_EXEC_SET = 2;
  localparam int ASYNC_EXEC_SET = 0;
  localparam int ID_EXEC_SET = 210;
  // exec.wqm
  localparam logic [31:0] MATCH_EXEC_WQM = 32'h00000c42;
  localparam logic [31:0] MASK_EXEC_WQM = 32'hfc0fffff;
  localparam logic [6:0] OPCODE_EXEC_WQM = 7'h42;
  localparam int FUNCT_EXEC_WQM = 'h18;
  localparam int SIZE_EXEC_WQM = 4;
  localparam int FORMAT_EXEC_WQM = FMT_U1;
  localparam int LATENCY_EXEC_WQM = 2;
  localparam int ASYNC_EXEC_WQM = 0;
  localparam int ID_EXEC_WQM = 211;
  // saveexec.and
  localparam logic [31:0] MATCH_SAVEEXEC_AND = 32'h00000942;
  localparam logic [31:0] MASK_SAVEEXEC_AND = 32'h000fffff;
  localparam logic [6:0] OPCODE_SAVEEXEC_AND = 7'h42;
  localparam int FUNCT_SAVEEXEC_AND = 'h12;
  localparam int SIZE_SAVEEXEC_AND = 4;
  localparam int FORMAT_SAVEEXEC_AND = FMT_U1;
  localparam int LATENCY_SAVEEXEC_AND = 2;
  localparam int ASYNC_SAVEEXEC_AND = 0;
  localparam int ID_SAVEEXEC_AND = 212;
  // saveexec.or
  localparam logic [31:0] MATCH_SAVEEXEC_OR = 32'h000009c2;
  localparam logic [31:0] MASK_SAVEEXEC_OR = 32'h000fffff;
  localparam logic [6:0] OPCODE_SAVEEXEC_OR = 7'h42;
  localparam int FUNCT_SAVEEXEC_OR = 'h13;
  localparam int SIZE_SAVEEXEC_OR = 4;
  localparam int FORMAT_SAVEEXEC_OR = FMT_U1;
  localparam int LATENCY_SAVEEXEC_OR = 2;
  localparam int ASYNC_SAVEEXEC_OR = 0;
  localparam int ID_SAVEEXEC_OR = 213;
  // saveexec.xor
  localparam logic [31:0] MATCH_SAVEEXEC_XOR = 32'h00000a42;
  localparam logic [31:0] MASK_SAVEEXEC_XOR = 32'h000fffff;
  localparam logic [6:0] OPCODE_SAVEEXEC_XOR = 7'h42;
  localparam int FUNCT_SAVEEXEC_XOR = 'h14;
  localparam int SIZE_SAVEEXEC_XOR = 4;
  localparam int FORMAT_SAVEEXEC_XOR = FMT_U1;
  localparam int LATENCY_SAVEEXEC_XOR = 2;
  localparam int ASYNC_SAVEEXEC_XOR = 0;
  localparam int ID_SAVEEXEC_XOR = 214;
  // saveexec.andn1
  localparam logic [31:0] MATCH_SAVEEXEC_ANDN1 = 32'h00000ac2;
  localparam logic [31:0] MASK_SAVEEXEC_ANDN1 = 32'h000fffff;
  localparam logic [6:0] OPCODE_SAVEEXEC_ANDN1 = 7'h42;
  localparam int FUNCT_SAVEEXEC_ANDN1 = 'h15;
  localparam int SIZE_SAVEEXEC_ANDN1 = 4;
  localparam int FORMAT_SAVEEXEC_ANDN1 = FMT_U1;
  localparam int LATENCY_SAVEEXEC_ANDN1 = 2;
  localparam int ASYNC_SAVEEXEC_ANDN1 = 0;
  localparam int ID_SAVEEXEC_ANDN1 = 215;
  // saveexec.andn2
  localparam logic [31:0] MATCH_SAVEEXEC_ANDN2 = 32'h00000b42;
  localparam logic [31:0] MASK_SAVEEXEC_ANDN2 = 32'h000fffff;
  localparam logic [6:0] OPCODE_SAVEEXEC_ANDN2 = 7'h42;
  localparam int FUNCT_SAVEEXEC_ANDN2 = 'h16;
  localparam int SIZE_SAVEEXEC_ANDN2 = 4;
  localparam int FORMAT_SAVEEXEC_ANDN2 = FMT_U1;
  localparam int LATENCY_SAVEEXEC_ANDN2 = 2;
  localparam int ASYNC_SAVEEXEC_ANDN2 = 0;
  localparam int ID_SAVEEXEC_ANDN2 = 216;
  // saveexec.mov
  localparam logic [31:0] MATCH_SAVEEXEC_MOV = 32'h00000bc2;
  localparam logic [31:0] MASK_SAVEEXEC_MOV = 32'h000fffff;
  localparam logic [6:0] OPCODE_SAVEEXEC_MOV = 7'h42;
  localparam int FUNCT_SAVEEXEC_MOV = 'h17;
  localparam int SIZE_SAVEEXEC_MOV = 4;
  localparam int FORMAT_SAVEEXEC_MOV = FMT_U1;
  localparam int LATENCY_SAVEEXEC_MOV = 2;
  localparam int ASYNC_SAVEEXEC_MOV = 0;
  localparam int ID_SAVEEXEC_MOV = 217;
  // umovi
  localparam logic [31:0] MATCH_UMOVI = 32'h00000044;
  localparam logic [31:0] MASK_UMOVI = 32'h000001ff;
  localparam logic [6:0] OPCODE_UMOVI = 7'h44;
  localparam int FUNCT_UMOVI = 'h0;
  localparam int SIZE_UMOVI = 4;
  localparam int FORMAT_UMOVI = FMT_ULI;
  localparam int LATENCY_UMOVI = 2;
  localparam int ASYNC_UMOVI = 0;
  localparam int ID_UMOVI = 218;
  // upc
  localparam logic [31:0] MATCH_UPC = 32'h000000c4;
  localparam logic [31:0] MASK_UPC = 32'h000001ff;
  localparam logic [6:0] OPCODE_UPC = 7'h44;
  localparam int FUNCT_UPC = 'h1;
  localparam int SIZE_UPC = 4;
  localparam int FORMAT_UPC = FMT_ULI;
  localparam int LATENCY_UPC = 2;
  localparam int ASYNC_UPC = 0;
  localparam int ID_UPC = 219;
  // upca
  localparam logic [31:0] MATCH_UPCA = 32'h00000144;
  localparam logic [31:0] MASK_UPCA = 32'h000003ff;
  localparam logic [6:0] OPCODE_UPCA = 7'h44;
  localparam int FUNCT_UPCA = 'h2;
  localparam int SIZE_UPCA = 4;
  localparam int FORMAT_UPCA = FMT_ULI;
  localparam int LATENCY_UPCA = 2;
  localparam int ASYNC_UPCA = 0;
  localparam int ID_UPCA = 220;
  // umov.l
  localparam logic [63:0] MATCH_UMOV_L = 64'h0000000000000011;
  localparam logic [63:0] MASK_UMOV_L = 64'h00000000fc0fffff;
  localparam logic [6:0] OPCODE_UMOV_L = 7'h11;
  localparam int FUNCT_UMOV_L = 'h0;
  localparam int SIZE_UMOV_L = 8;
  localparam int FORMAT_UMOV_L = FMT_UL;
  localparam int LATENCY_UMOV_L = 2;
  localparam int ASYNC_UMOV_L = 0;
  localparam int ID_UMOV_L = 221;
  // uadd.l
  localparam logic [63:0] MATCH_UADD_L = 64'h0000000000000091;
  localparam logic [63:0] MASK_UADD_L = 64'h00000000000fffff;
  localparam logic [6:0] OPCODE_UADD_L = 7'h11;
  localparam int FUNCT_UADD_L = 'h1;
  localparam int SIZE_UADD_L = 8;
  localparam int FORMAT_UADD_L = FMT_UL;
  localparam int LATENCY_UADD_L = 2;
  localparam int ASYNC_UADD_L = 0;
  localparam int ID_UADD_L = 222;
  // uand.l
  localparam logic [63:0] MATCH_UAND_L = 64'h0000000000000111;
  localparam logic [63:0] MASK_UAND_L = 64'h00000000000fffff;
  localparam logic [6:0] OPCODE_UAND_L = 7'h11;
  localparam int FUNCT_UAND_L = 'h2;
  localparam int SIZE_UAND_L = 8;
  localparam int FORMAT_UAND_L = FMT_UL;
  localparam int LATENCY_UAND_L = 2;
  localparam int ASYNC_UAND_L = 0;
  localparam int ID_UAND_L = 223;
  // uor.l
  localparam logic [63:0] MATCH_UOR_L = 64'h0000000000000191;
  localparam logic [63:0] MASK_UOR_L = 64'h00000000000fffff;
  localparam logic [6:0] OPCODE_UOR_L = 7'h11;
  localparam int FUNCT_UOR_L = 'h3;
  localparam int SIZE_UOR_L = 8;
  localparam int FORMAT_UOR_L = FMT_UL;
  localparam int LATENCY_UOR_L = 2;
  localparam int ASYNC_UOR_L = 0;
  localparam int ID_UOR_L = 224;
  // uxor.l
  localparam logic [63:0] MATCH_UXOR_L = 64'h0000000000000211;
  localparam logic [63:0] MASK_UXOR_L = 64'h00000000000fffff;
  localparam logic [6:0] OPCODE_UXOR_L = 7'h11;
  localparam int FUNCT_UXOR_L = 'h4;
  localparam int SIZE_UXOR_L = 8;
  localparam int FORMAT_UXOR_L = FMT_UL;
  localparam int LATENCY_UXOR_L = 2;
  localparam int ASYNC_UXOR_L = 0;
  localparam int ID_UXOR_L = 225;
  // umul.l
  localparam logic [63:0] MATCH_UMUL_L = 64'h0000000000000291;
  localparam logic [63:0] MASK_UMUL_L = 64'h00000000000fffff;
  localparam logic [6:0] OPCODE_UMUL_L = 7'h11;
  localparam int FUNCT_UMUL_L = 'h5;
  localparam int SIZE_UMUL_L = 8;
  localparam int FORMAT_UMUL_L = FMT_UL;
  localparam int LATENCY_UMUL_L = 2;
  localparam int ASYNC_UMUL_L = 0;
  localparam int ID_UMUL_L = 226;
  // useq.l
  localparam logic [63:0] MATCH_USEQ_L = 64'h0000000000000311;
  localparam logic [63:0] MASK_USEQ_L = 64'h00000000000fffff;
  localparam logic [6:0] OPCODE_USEQ_L = 7'h11;
  localparam int FUNCT_USEQ_L = 'h6;
  localparam int SIZE_USEQ_L = 8;
  localparam int FORMAT_USEQ_L = FMT_UL;
  localparam int LATENCY_USEQ_L = 2;
  localparam int ASYNC_USEQ_L = 0;
  localparam int ID_USEQ_L = 227;
  // uslt.l
  localparam logic [63:0] MATCH_USLT_L = 64'h0000000000000391;
  localparam logic [63:0] MASK_USLT_L = 64'h00000000000fffff;
  localparam logic [6:0] OPCODE_USLT_L = 7'h11;
  localparam int FUNCT_USLT_L = 'h7;
  localparam int SIZE_USLT_L = 8;
  localparam int FORMAT_USLT_L = FMT_UL;
  localparam int LATENCY_USLT_L = 2;
  localparam int ASYNC_USLT_L = 0;
  localparam int ID_USLT_L = 228;
  // usltu.l
  localparam logic [63:0] MATCH_USLTU_L = 64'h0000000000000411;
  localparam logic [63:0] MASK_USLTU_L = 64'h00000000000fffff;
  localparam logic [6:0] OPCODE_USLTU_L = 7'h11;
  localparam int FUNCT_USLTU_L = 'h8;
  localparam int SIZE_USLTU_L = 8;
  localparam int FORMAT_USLTU_L = FMT_UL;
  localparam int LATENCY_USLTU_L = 2;
  localparam int ASYNC_USLTU_L = 0;
  localparam int ID_USLTU_L = 229;
  // uadd64.l
  localparam logic [63:0] MATCH_UADD64_L = 64'h0000000000000491;
  localparam logic [63:0] MASK_UADD64_L = 64'h00000000041fffff;
  localparam logic [6:0] OPCODE_UADD64_L = 7'h11;
  localparam int FUNCT_UADD64_L = 'h9;
  localparam int SIZE_UADD64_L = 8;
  localparam int FORMAT_UADD64_L = FMT_UL;
  localparam int LATENCY_UADD64_L = 2;
  localparam int ASYNC_UADD64_L = 0;
  localparam int ID_UADD64_L = 230;
  // jmp
  localparam logic [31:0] MATCH_JMP = 32'h00000046;
  localparam logic [31:0] MASK_JMP = 32'h00000fff;
  localparam logic [6:0] OPCODE_JMP = 7'h46;
  localparam int FUNCT_JMP = 'h0;
  localparam int SIZE_JMP = 4;
  localparam int FORMAT_JMP = FMT_J;
  localparam int LATENCY_JMP = 1;
  localparam int ASYNC_JMP = 0;
  localparam int ID_JMP = 231;
  // bexecz
  localparam logic [31:0] MATCH_BEXECZ = 32'h000000c6;
  localparam logic [31:0] MASK_BEXECZ = 32'h00000fff;
  localparam logic [6:0] OPCODE_BEXECZ = 7'h46;
  localparam int FUNCT_BEXECZ = 'h1;
  localparam int SIZE_BEXECZ = 4;
  localparam int FORMAT_BEXECZ = FMT_J;
  localparam int LATENCY_BEXECZ = 1;
  localparam int ASYNC_BEXECZ = 0;
  localparam int ID_BEXECZ = 232;
  // bexecnz
  localparam logic [31:0] MATCH_BEXECNZ = 32'h00000146;
  localparam logic [31:0] MASK_BEXECNZ = 32'h00000fff;
  localparam logic [6:0] OPCODE_BEXECNZ = 7'h46;
  localparam int FUNCT_BEXECNZ = 'h2;
  localparam int SIZE_BEXECNZ = 4;
  localparam int FORMAT_BEXECNZ = FMT_J;
  localparam int LATENCY_BEXECNZ = 1;
  localparam int ASYNC_BEXECNZ = 0;
  localparam int ID_BEXECNZ = 233;
  // jal
  localparam logic [31:0] MATCH_JAL = 32'h00000048;
  localparam logic [31:0] MASK_JAL = 32'h0000607f;
  localparam logic [6:0] OPCODE_JAL = 7'h48;
  localparam int FUNCT_JAL = 'h0;
  localparam int SIZE_JAL = 4;
  localparam int FORMAT_JAL = FMT_JL;
  localparam int LATENCY_JAL = 1;
  localparam int ASYNC_JAL = 0;
  localparam int ID_JAL = 234;
  // bz
  localparam logic [31:0] MATCH_BZ = 32'h0000004a;
  localparam logic [31:0] MASK_BZ = 32'h000181ff;
  localparam logic [6:0] OPCODE_BZ = 7'h4a;
  localparam int FUNCT_BZ = 'h0;
  localparam int SIZE_BZ = 4;
  localparam int FORMAT_BZ = FMT_B;
  localparam int LATENCY_BZ = 1;
  localparam int ASYNC_BZ = 0;
  localparam int ID_BZ = 235;
  // bnz
  localparam logic [31:0] MATCH_BNZ = 32'h000000ca;
  localparam logic [31:0] MASK_BNZ = 32'h000181ff;
  localparam logic [6:0] OPCODE_BNZ = 7'h4a;
  localparam int FUNCT_BNZ = 'h1;
  localparam int SIZE_BNZ = 4;
  localparam int FORMAT_BNZ = FMT_B;
  localparam int LATENCY_BNZ = 1;
  localparam int ASYNC_BNZ = 0;
  localparam int ID_BNZ = 236;
  // bnone
  localparam logic [31:0] MATCH_BNONE = 32'h0000014a;
  localparam logic [31:0] MASK_BNONE = 32'h000181ff;
  localparam logic [6:0] OPCODE_BNONE = 7'h4a;
  localparam int FUNCT_BNONE = 'h2;
  localparam int SIZE_BNONE = 4;
  localparam int FORMAT_BNONE = FMT_B;
  localparam int LATENCY_BNONE = 1;
  localparam int ASYNC_BNONE = 0;
  localparam int ID_BNONE = 237;
  // bany
  localparam logic [31:0] MATCH_BANY = 32'h000001ca;
  localparam logic [31:0] MASK_BANY = 32'h000181ff;
  localparam logic [6:0] OPCODE_BANY = 7'h4a;
  localparam int FUNCT_BANY = 'h3;
  localparam int SIZE_BANY = 4;
  localparam int FORMAT_BANY = FMT_B;
  localparam int LATENCY_BANY = 1;
  localparam int ASYNC_BANY = 0;
  localparam int ID_BANY = 238;
  // jr
  localparam logic [31:0] MATCH_JR = 32'h0000004c;
  localparam logic [31:0] MASK_JR = 32'h0000ffff;
  localparam logic [6:0] OPCODE_JR = 7'h4c;
  localparam int FUNCT_JR = 'h0;
  localparam int SIZE_JR = 4;
  localparam int FORMAT_JR = FMT_JR;
  localparam int LATENCY_JR = 1;
  localparam int ASYNC_JR = 0;
  localparam int ID_JR = 239;
  // jalr
  localparam logic [31:0] MATCH_JALR = 32'h000000cc;
  localparam logic [31:0] MASK_JALR = 32'h000003ff;
  localparam logic [6:0] OPCODE_JALR = 7'h4c;
  localparam int FUNCT_JALR = 'h1;
  localparam int SIZE_JALR = 4;
  localparam int FORMAT_JALR = FMT_JR;
  localparam int LATENCY_JALR = 1;
  localparam int ASYNC_JALR = 0;
  localparam int ID_JALR = 240;
  // fadd.f32
  localparam logic [31:0] MATCH_FADD_F32 = 32'h00000014;
  localparam logic [31:0] MASK_FADD_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_FADD_F32 = 7'h14;
  localparam int FUNCT_FADD_F32 = 'h0;
  localparam int SIZE_FADD_F32 = 4;
  localparam int FORMAT_FADD_F32 = FMT_R;
  localparam int LATENCY_FADD_F32 = 4;
  localparam int ASYNC_FADD_F32 = 0;
  localparam int ID_FADD_F32 = 241;
  // fadd.f32.vu
  localparam logic [31:0] MATCH_FADD_F32_VU = 32'h00000016;
  localparam logic [31:0] MASK_FADD_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FADD_F32_VU = 7'h16;
  localparam int FUNCT_FADD_F32_VU = 'h0;
  localparam int SIZE_FADD_F32_VU = 4;
  localparam int FORMAT_FADD_F32_VU = FMT_RU;
  localparam int LATENCY_FADD_F32_VU = 4;
  localparam int ASYNC_FADD_F32_VU = 0;
  localparam int ID_FADD_F32_VU = 242;
  // fadd.f32.m
  localparam logic [63:0] MATCH_FADD_F32_M = 64'h0000000000000081;
  localparam logic [63:0] MASK_FADD_F32_M = 64'hffa41fc00001ffff;
  localparam logic [6:0] OPCODE_FADD_F32_M = 7'h01;
  localparam int FUNCT_FADD_F32_M = 'h1;
  localparam int SIZE_FADD_F32_M = 8;
  localparam int FORMAT_FADD_F32_M = FMT_X;
  localparam int LATENCY_FADD_F32_M = 5;
  localparam int ASYNC_FADD_F32_M = 0;
  localparam int ID_FADD_F32_M = 243;
  // fsub.f32
  localparam logic [31:0] MATCH_FSUB_F32 = 32'h00000094;
  localparam logic [31:0] MASK_FSUB_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_FSUB_F32 = 7'h14;
  localparam int FUNCT_FSUB_F32 = 'h1;
  localparam int SIZE_FSUB_F32 = 4;
  localparam int FORMAT_FSUB_F32 = FMT_R;
  localparam int LATENCY_FSUB_F32 = 4;
  localparam int ASYNC_FSUB_F32 = 0;
  localparam int ID_FSUB_F32 = 244;
  // fsub.f32.vu
  localparam logic [31:0] MATCH_FSUB_F32_VU = 32'h00000096;
  localparam logic [31:0] MASK_FSUB_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FSUB_F32_VU = 7'h16;
  localparam int FUNCT_FSUB_F32_VU = 'h1;
  localparam int SIZE_FSUB_F32_VU = 4;
  localparam int FORMAT_FSUB_F32_VU = FMT_RU;
  localparam int LATENCY_FSUB_F32_VU = 4;
  localparam int ASYNC_FSUB_F32_VU = 0;
  localparam int ID_FSUB_F32_VU = 245;
  // fmul.f32
  localparam logic [31:0] MATCH_FMUL_F32 = 32'h00000114;
  localparam logic [31:0] MASK_FMUL_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_FMUL_F32 = 7'h14;
  localparam int FUNCT_FMUL_F32 = 'h2;
  localparam int SIZE_FMUL_F32 = 4;
  localparam int FORMAT_FMUL_F32 = FMT_R;
  localparam int LATENCY_FMUL_F32 = 4;
  localparam int ASYNC_FMUL_F32 = 0;
  localparam int ID_FMUL_F32 = 246;
  // fmul.f32.vu
  localparam logic [31:0] MATCH_FMUL_F32_VU = 32'h00000116;
  localparam logic [31:0] MASK_FMUL_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FMUL_F32_VU = 7'h16;
  localparam int FUNCT_FMUL_F32_VU = 'h2;
  localparam int SIZE_FMUL_F32_VU = 4;
  localparam int FORMAT_FMUL_F32_VU = FMT_RU;
  localparam int LATENCY_FMUL_F32_VU = 4;
  localparam int ASYNC_FMUL_F32_VU = 0;
  localparam int ID_FMUL_F32_VU = 247;
  // fmul.f32.m
  localparam logic [63:0] MATCH_FMUL_F32_M = 64'h0000000000000101;
  localparam logic [63:0] MASK_FMUL_F32_M = 64'hffa41fc00001ffff;
  localparam logic [6:0] OPCODE_FMUL_F32_M = 7'h01;
  localparam int FUNCT_FMUL_F32_M = 'h2;
  localparam int SIZE_FMUL_F32_M = 8;
  localparam int FORMAT_FMUL_F32_M = FMT_X;
  localparam int LATENCY_FMUL_F32_M = 5;
  localparam int ASYNC_FMUL_F32_M = 0;
  localparam int ID_FMUL_F32_M = 248;
  // fmin.f32
  localparam logic [31:0] MATCH_FMIN_F32 = 32'h00000194;
  localparam logic [31:0] MASK_FMIN_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_FMIN_F32 = 7'h14;
  localparam int FUNCT_FMIN_F32 = 'h3;
  localparam int SIZE_FMIN_F32 = 4;
  localparam int FORMAT_FMIN_F32 = FMT_R;
  localparam int LATENCY_FMIN_F32 = 4;
  localparam int ASYNC_FMIN_F32 = 0;
  localparam int ID_FMIN_F32 = 249;
  // fmin.f32.vu
  localparam logic [31:0] MATCH_FMIN_F32_VU = 32'h00000196;
  localparam logic [31:0] MASK_FMIN_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FMIN_F32_VU = 7'h16;
  localparam int FUNCT_FMIN_F32_VU = 'h3;
  localparam int SIZE_FMIN_F32_VU = 4;
  localparam int FORMAT_FMIN_F32_VU = FMT_RU;
  localparam int LATENCY_FMIN_F32_VU = 4;
  localparam int ASYNC_FMIN_F32_VU = 0;
  localparam int ID_FMIN_F32_VU = 250;
  // fmax.f32
  localparam logic [31:0] MATCH_FMAX_F32 = 32'h00000214;
  localparam logic [31:0] MASK_FMAX_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_FMAX_F32 = 7'h14;
  localparam int FUNCT_FMAX_F32 = 'h4;
  localparam int SIZE_FMAX_F32 = 4;
  localparam int FORMAT_FMAX_F32 = FMT_R;
  localparam int LATENCY_FMAX_F32 = 4;
  localparam int ASYNC_FMAX_F32 = 0;
  localparam int ID_FMAX_F32 = 251;
  // fmax.f32.vu
  localparam logic [31:0] MATCH_FMAX_F32_VU = 32'h00000216;
  localparam logic [31:0] MASK_FMAX_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FMAX_F32_VU = 7'h16;
  localparam int FUNCT_FMAX_F32_VU = 'h4;
  localparam int SIZE_FMAX_F32_VU = 4;
  localparam int FORMAT_FMAX_F32_VU = FMT_RU;
  localparam int LATENCY_FMAX_F32_VU = 4;
  localparam int ASYNC_FMAX_F32_VU = 0;
  localparam int ID_FMAX_F32_VU = 252;
  // fsgnj.f32
  localparam logic [31:0] MATCH_FSGNJ_F32 = 32'h00000294;
  localparam logic [31:0] MASK_FSGNJ_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_FSGNJ_F32 = 7'h14;
  localparam int FUNCT_FSGNJ_F32 = 'h5;
  localparam int SIZE_FSGNJ_F32 = 4;
  localparam int FORMAT_FSGNJ_F32 = FMT_R;
  localparam int LATENCY_FSGNJ_F32 = 4;
  localparam int ASYNC_FSGNJ_F32 = 0;
  localparam int ID_FSGNJ_F32 = 253;
  // fsgnj.f32.vu
  localparam logic [31:0] MATCH_FSGNJ_F32_VU = 32'h00000296;
  localparam logic [31:0] MASK_FSGNJ_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FSGNJ_F32_VU = 7'h16;
  localparam int FUNCT_FSGNJ_F32_VU = 'h5;
  localparam int SIZE_FSGNJ_F32_VU = 4;
  localparam int FORMAT_FSGNJ_F32_VU = FMT_RU;
  localparam int LATENCY_FSGNJ_F32_VU = 4;
  localparam int ASYNC_FSGNJ_F32_VU = 0;
  localparam int ID_FSGNJ_F32_VU = 254;
  // fsgnjn.f32
  localparam logic [31:0] MATCH_FSGNJN_F32 = 32'h00000314;
  localparam logic [31:0] MASK_FSGNJN_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_FSGNJN_F32 = 7'h14;
  localparam int FUNCT_FSGNJN_F32 = 'h6;
  localparam int SIZE_FSGNJN_F32 = 4;
  localparam int FORMAT_FSGNJN_F32 = FMT_R;
  localparam int LATENCY_FSGNJN_F32 = 4;
  localparam int ASYNC_FSGNJN_F32 = 0;
  localparam int ID_FSGNJN_F32 = 255;
  // fsgnjn.f32.vu
  localparam logic [31:0] MATCH_FSGNJN_F32_VU = 32'h00000316;
  localparam logic [31:0] MASK_FSGNJN_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FSGNJN_F32_VU = 7'h16;
  localparam int FUNCT_FSGNJN_F32_VU = 'h6;
  localparam int SIZE_FSGNJN_F32_VU = 4;
  localparam int FORMAT_FSGNJN_F32_VU = FMT_RU;
  localparam int LATENCY_FSGNJN_F32_VU = 4;
  localparam int ASYNC_FSGNJN_F32_VU = 0;
  localparam int ID_FSGNJN_F32_VU = 256;
  // fsgnjx.f32
  localparam logic [31:0] MATCH_FSGNJX_F32 = 32'h00000394;
  localparam logic [31:0] MASK_FSGNJX_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_FSGNJX_F32 = 7'h14;
  localparam int FUNCT_FSGNJX_F32 = 'h7;
  localparam int SIZE_FSGNJX_F32 = 4;
  localparam int FORMAT_FSGNJX_F32 = FMT_R;
  localparam int LATENCY_FSGNJX_F32 = 4;
  localparam int ASYNC_FSGNJX_F32 = 0;
  localparam int ID_FSGNJX_F32 = 257;
  // fsgnjx.f32.vu
  localparam logic [31:0] MATCH_FSGNJX_F32_VU = 32'h00000396;
  localparam logic [31:0] MASK_FSGNJX_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FSGNJX_F32_VU = 7'h16;
  localparam int FUNCT_FSGNJX_F32_VU = 'h7;
  localparam int SIZE_FSGNJX_F32_VU = 4;
  localparam int FORMAT_FSGNJX_F32_VU = FMT_RU;
  localparam int LATENCY_FSGNJX_F32_VU = 4;
  localparam int ASYNC_FSGNJX_F32_VU = 0;
  localparam int ID_FSGNJX_F32_VU = 258;
  // feq.f32
  localparam logic [31:0] MATCH_FEQ_F32 = 32'h00000414;
  localparam logic [31:0] MASK_FEQ_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_FEQ_F32 = 7'h14;
  localparam int FUNCT_FEQ_F32 = 'h8;
  localparam int SIZE_FEQ_F32 = 4;
  localparam int FORMAT_FEQ_F32 = FMT_R;
  localparam int LATENCY_FEQ_F32 = 4;
  localparam int ASYNC_FEQ_F32 = 0;
  localparam int ID_FEQ_F32 = 259;
  // feq.f32.vu
  localparam logic [31:0] MATCH_FEQ_F32_VU = 32'h00000416;
  localparam logic [31:0] MASK_FEQ_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FEQ_F32_VU = 7'h16;
  localparam int FUNCT_FEQ_F32_VU = 'h8;
  localparam int SIZE_FEQ_F32_VU = 4;
  localparam int FORMAT_FEQ_F32_VU = FMT_RU;
  localparam int LATENCY_FEQ_F32_VU = 4;
  localparam int ASYNC_FEQ_F32_VU = 0;
  localparam int ID_FEQ_F32_VU = 260;
  // flt.f32
  localparam logic [31:0] MATCH_FLT_F32 = 32'h00000494;
  localparam logic [31:0] MASK_FLT_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_FLT_F32 = 7'h14;
  localparam int FUNCT_FLT_F32 = 'h9;
  localparam int SIZE_FLT_F32 = 4;
  localparam int FORMAT_FLT_F32 = FMT_R;
  localparam int LATENCY_FLT_F32 = 4;
  localparam int ASYNC_FLT_F32 = 0;
  localparam int ID_FLT_F32 = 261;
  // flt.f32.vu
  localparam logic [31:0] MATCH_FLT_F32_VU = 32'h00000496;
  localparam logic [31:0] MASK_FLT_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FLT_F32_VU = 7'h16;
  localparam int FUNCT_FLT_F32_VU = 'h9;
  localparam int SIZE_FLT_F32_VU = 4;
  localparam int FORMAT_FLT_F32_VU = FMT_RU;
  localparam int LATENCY_FLT_F32_VU = 4;
  localparam int ASYNC_FLT_F32_VU = 0;
  localparam int ID_FLT_F32_VU = 262;
  // fle.f32
  localparam logic [31:0] MATCH_FLE_F32 = 32'h00000514;
  localparam logic [31:0] MASK_FLE_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_FLE_F32 = 7'h14;
  localparam int FUNCT_FLE_F32 = 'ha;
  localparam int SIZE_FLE_F32 = 4;
  localparam int FORMAT_FLE_F32 = FMT_R;
  localparam int LATENCY_FLE_F32 = 4;
  localparam int ASYNC_FLE_F32 = 0;
  localparam int ID_FLE_F32 = 263;
  // fle.f32.vu
  localparam logic [31:0] MATCH_FLE_F32_VU = 32'h00000516;
  localparam logic [31:0] MASK_FLE_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FLE_F32_VU = 7'h16;
  localparam int FUNCT_FLE_F32_VU = 'ha;
  localparam int SIZE_FLE_F32_VU = 4;
  localparam int FORMAT_FLE_F32_VU = FMT_RU;
  localparam int LATENCY_FLE_F32_VU = 4;
  localparam int ASYNC_FLE_F32_VU = 0;
  localparam int ID_FLE_F32_VU = 264;
  // fmac.f32
  localparam logic [31:0] MATCH_FMAC_F32 = 32'h00000594;
  localparam logic [31:0] MASK_FMAC_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_FMAC_F32 = 7'h14;
  localparam int FUNCT_FMAC_F32 = 'hb;
  localparam int SIZE_FMAC_F32 = 4;
  localparam int FORMAT_FMAC_F32 = FMT_R;
  localparam int LATENCY_FMAC_F32 = 4;
  localparam int ASYNC_FMAC_F32 = 0;
  localparam int ID_FMAC_F32 = 265;
  // fmac.f32.vu
  localparam logic [31:0] MATCH_FMAC_F32_VU = 32'h00000596;
  localparam logic [31:0] MASK_FMAC_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FMAC_F32_VU = 7'h16;
  localparam int FUNCT_FMAC_F32_VU = 'hb;
  localparam int SIZE_FMAC_F32_VU = 4;
  localparam int FORMAT_FMAC_F32_VU = FMT_RU;
  localparam int LATENCY_FMAC_F32_VU = 4;
  localparam int ASYNC_FMAC_F32_VU = 0;
  localparam int ID_FMAC_F32_VU = 266;
  // fldexp.f32
  localparam logic [31:0] MATCH_FLDEXP_F32 = 32'h00000614;
  localparam logic [31:0] MASK_FLDEXP_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_FLDEXP_F32 = 7'h14;
  localparam int FUNCT_FLDEXP_F32 = 'hc;
  localparam int SIZE_FLDEXP_F32 = 4;
  localparam int FORMAT_FLDEXP_F32 = FMT_R;
  localparam int LATENCY_FLDEXP_F32 = 4;
  localparam int ASYNC_FLDEXP_F32 = 0;
  localparam int ID_FLDEXP_F32 = 267;
  // fldexp.f32.vu
  localparam logic [31:0] MATCH_FLDEXP_F32_VU = 32'h00000616;
  localparam logic [31:0] MASK_FLDEXP_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FLDEXP_F32_VU = 7'h16;
  localparam int FUNCT_FLDEXP_F32_VU = 'hc;
  localparam int SIZE_FLDEXP_F32_VU = 4;
  localparam int FORMAT_FLDEXP_F32_VU = FMT_RU;
  localparam int LATENCY_FLDEXP_F32_VU = 4;
  localparam int ASYNC_FLDEXP_F32_VU = 0;
  localparam int ID_FLDEXP_F32_VU = 268;
  // fsubr.f32.vu
  localparam logic [31:0] MATCH_FSUBR_F32_VU = 32'h00000696;
  localparam logic [31:0] MASK_FSUBR_F32_VU = 32'h00000fff;
  localparam logic [6:0] OPCODE_FSUBR_F32_VU = 7'h16;
  localparam int FUNCT_FSUBR_F32_VU = 'hd;
  localparam int SIZE_FSUBR_F32_VU = 4;
  localparam int FORMAT_FSUBR_F32_VU = FMT_RU;
  localparam int LATENCY_FSUBR_F32_VU = 4;
  localparam int ASYNC_FSUBR_F32_VU = 0;
  localparam int ID_FSUBR_F32_VU = 269;
  // pkadd.f16
  localparam logic [31:0] MATCH_PKADD_F16 = 32'h0000001a;
  localparam logic [31:0] MASK_PKADD_F16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKADD_F16 = 7'h1a;
  localparam int FUNCT_PKADD_F16 = 'h0;
  localparam int SIZE_PKADD_F16 = 4;
  localparam int FORMAT_PKADD_F16 = FMT_R;
  localparam int LATENCY_PKADD_F16 = 4;
  localparam int ASYNC_PKADD_F16 = 0;
  localparam int ID_PKADD_F16 = 270;
  // pkadd.i16
  localparam logic [31:0] MATCH_PKADD_I16 = 32'h0000029a;
  localparam logic [31:0] MASK_PKADD_I16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKADD_I16 = 7'h1a;
  localparam int FUNCT_PKADD_I16 = 'h5;
  localparam int SIZE_PKADD_I16 = 4;
  localparam int FORMAT_PKADD_I16 = FMT_R;
  localparam int LATENCY_PKADD_I16 = 4;
  localparam int ASYNC_PKADD_I16 = 0;
  localparam int ID_PKADD_I16 = 271;
  // pkmul.f16
  localparam logic [31:0] MATCH_PKMUL_F16 = 32'h0000009a;
  localparam logic [31:0] MASK_PKMUL_F16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKMUL_F16 = 7'h1a;
  localparam int FUNCT_PKMUL_F16 = 'h1;
  localparam int SIZE_PKMUL_F16 = 4;
  localparam int FORMAT_PKMUL_F16 = FMT_R;
  localparam int LATENCY_PKMUL_F16 = 4;
  localparam int ASYNC_PKMUL_F16 = 0;
  localparam int ID_PKMUL_F16 = 272;
  // pkmul.i16
  localparam logic [31:0] MATCH_PKMUL_I16 = 32'h0000039a;
  localparam logic [31:0] MASK_PKMUL_I16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKMUL_I16 = 7'h1a;
  localparam int FUNCT_PKMUL_I16 = 'h7;
  localparam int SIZE_PKMUL_I16 = 4;
  localparam int FORMAT_PKMUL_I16 = FMT_R;
  localparam int LATENCY_PKMUL_I16 = 4;
  localparam int ASYNC_PKMUL_I16 = 0;
  localparam int ID_PKMUL_I16 = 273;
  // pkmin.f16
  localparam logic [31:0] MATCH_PKMIN_F16 = 32'h0000011a;
  localparam logic [31:0] MASK_PKMIN_F16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKMIN_F16 = 7'h1a;
  localparam int FUNCT_PKMIN_F16 = 'h2;
  localparam int SIZE_PKMIN_F16 = 4;
  localparam int FORMAT_PKMIN_F16 = FMT_R;
  localparam int LATENCY_PKMIN_F16 = 4;
  localparam int ASYNC_PKMIN_F16 = 0;
  localparam int ID_PKMIN_F16 = 274;
  // pkmin.i16
  localparam logic [31:0] MATCH_PKMIN_I16 = 32'h0000059a;
  localparam logic [31:0] MASK_PKMIN_I16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKMIN_I16 = 7'h1a;
  localparam int FUNCT_PKMIN_I16 = 'hb;
  localparam int SIZE_PKMIN_I16 = 4;
  localparam int FORMAT_PKMIN_I16 = FMT_R;
  localparam int LATENCY_PKMIN_I16 = 4;
  localparam int ASYNC_PKMIN_I16 = 0;
  localparam int ID_PKMIN_I16 = 275;
  // pkmin.u16
  localparam logic [31:0] MATCH_PKMIN_U16 = 32'h0000069a;
  localparam logic [31:0] MASK_PKMIN_U16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKMIN_U16 = 7'h1a;
  localparam int FUNCT_PKMIN_U16 = 'hd;
  localparam int SIZE_PKMIN_U16 = 4;
  localparam int FORMAT_PKMIN_U16 = FMT_R;
  localparam int LATENCY_PKMIN_U16 = 4;
  localparam int ASYNC_PKMIN_U16 = 0;
  localparam int ID_PKMIN_U16 = 276;
  // pkmax.f16
  localparam logic [31:0] MATCH_PKMAX_F16 = 32'h0000019a;
  localparam logic [31:0] MASK_PKMAX_F16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKMAX_F16 = 7'h1a;
  localparam int FUNCT_PKMAX_F16 = 'h3;
  localparam int SIZE_PKMAX_F16 = 4;
  localparam int FORMAT_PKMAX_F16 = FMT_R;
  localparam int LATENCY_PKMAX_F16 = 4;
  localparam int ASYNC_PKMAX_F16 = 0;
  localparam int ID_PKMAX_F16 = 277;
  // pkmax.i16
  localparam logic [31:0] MATCH_PKMAX_I16 = 32'h0000061a;
  localparam logic [31:0] MASK_PKMAX_I16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKMAX_I16 = 7'h1a;
  localparam int FUNCT_PKMAX_I16 = 'hc;
  localparam int SIZE_PKMAX_I16 = 4;
  localparam int FORMAT_PKMAX_I16 = FMT_R;
  localparam int LATENCY_PKMAX_I16 = 4;
  localparam int ASYNC_PKMAX_I16 = 0;
  localparam int ID_PKMAX_I16 = 278;
  // pkmax.u16
  localparam logic [31:0] MATCH_PKMAX_U16 = 32'h0000071a;
  localparam logic [31:0] MASK_PKMAX_U16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKMAX_U16 = 7'h1a;
  localparam int FUNCT_PKMAX_U16 = 'he;
  localparam int SIZE_PKMAX_U16 = 4;
  localparam int FORMAT_PKMAX_U16 = FMT_R;
  localparam int LATENCY_PKMAX_U16 = 4;
  localparam int ASYNC_PKMAX_U16 = 0;
  localparam int ID_PKMAX_U16 = 279;
  // pkfmac.f16
  localparam logic [31:0] MATCH_PKFMAC_F16 = 32'h0000021a;
  localparam logic [31:0] MASK_PKFMAC_F16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKFMAC_F16 = 7'h1a;
  localparam int FUNCT_PKFMAC_F16 = 'h4;
  localparam int SIZE_PKFMAC_F16 = 4;
  localparam int FORMAT_PKFMAC_F16 = FMT_R;
  localparam int LATENCY_PKFMAC_F16 = 4;
  localparam int ASYNC_PKFMAC_F16 = 0;
  localparam int ID_PKFMAC_F16 = 280;
  // pksub.i16
  localparam logic [31:0] MATCH_PKSUB_I16 = 32'h0000031a;
  localparam logic [31:0] MASK_PKSUB_I16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKSUB_I16 = 7'h1a;
  localparam int FUNCT_PKSUB_I16 = 'h6;
  localparam int SIZE_PKSUB_I16 = 4;
  localparam int FORMAT_PKSUB_I16 = FMT_R;
  localparam int LATENCY_PKSUB_I16 = 4;
  localparam int ASYNC_PKSUB_I16 = 0;
  localparam int ID_PKSUB_I16 = 281;
  // pksub.f16
  localparam logic [31:0] MATCH_PKSUB_F16 = 32'h0000079a;
  localparam logic [31:0] MASK_PKSUB_F16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKSUB_F16 = 7'h1a;
  localparam int FUNCT_PKSUB_F16 = 'hf;
  localparam int SIZE_PKSUB_F16 = 4;
  localparam int FORMAT_PKSUB_F16 = FMT_R;
  localparam int LATENCY_PKSUB_F16 = 4;
  localparam int ASYNC_PKSUB_F16 = 0;
  localparam int ID_PKSUB_F16 = 282;
  // pksll.i16
  localparam logic [31:0] MATCH_PKSLL_I16 = 32'h0000041a;
  localparam logic [31:0] MASK_PKSLL_I16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKSLL_I16 = 7'h1a;
  localparam int FUNCT_PKSLL_I16 = 'h8;
  localparam int SIZE_PKSLL_I16 = 4;
  localparam int FORMAT_PKSLL_I16 = FMT_R;
  localparam int LATENCY_PKSLL_I16 = 4;
  localparam int ASYNC_PKSLL_I16 = 0;
  localparam int ID_PKSLL_I16 = 283;
  // pksrl.i16
  localparam logic [31:0] MATCH_PKSRL_I16 = 32'h0000049a;
  localparam logic [31:0] MASK_PKSRL_I16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKSRL_I16 = 7'h1a;
  localparam int FUNCT_PKSRL_I16 = 'h9;
  localparam int SIZE_PKSRL_I16 = 4;
  localparam int FORMAT_PKSRL_I16 = FMT_R;
  localparam int LATENCY_PKSRL_I16 = 4;
  localparam int ASYNC_PKSRL_I16 = 0;
  localparam int ID_PKSRL_I16 = 284;
  // pksra.i16
  localparam logic [31:0] MATCH_PKSRA_I16 = 32'h0000051a;
  localparam logic [31:0] MASK_PKSRA_I16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKSRA_I16 = 7'h1a;
  localparam int FUNCT_PKSRA_I16 = 'ha;
  localparam int SIZE_PKSRA_I16 = 4;
  localparam int FORMAT_PKSRA_I16 = FMT_R;
  localparam int LATENCY_PKSRA_I16 = 4;
  localparam int ASYNC_PKSRA_I16 = 0;
  localparam int ID_PKSRA_I16 = 285;
  // pkcvt.f16.f32
  localparam logic [31:0] MATCH_PKCVT_F16_F32 = 32'h0000001c;
  localparam logic [31:0] MASK_PKCVT_F16_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKCVT_F16_F32 = 7'h1c;
  localparam int FUNCT_PKCVT_F16_F32 = 'h0;
  localparam int SIZE_PKCVT_F16_F32 = 4;
  localparam int FORMAT_PKCVT_F16_F32 = FMT_R;
  localparam int LATENCY_PKCVT_F16_F32 = 4;
  localparam int ASYNC_PKCVT_F16_F32 = 0;
  localparam int ID_PKCVT_F16_F32 = 286;
  // pkcvt.unorm16.f32
  localparam logic [31:0] MATCH_PKCVT_UNORM16_F32 = 32'h0000009c;
  localparam logic [31:0] MASK_PKCVT_UNORM16_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKCVT_UNORM16_F32 = 7'h1c;
  localparam int FUNCT_PKCVT_UNORM16_F32 = 'h1;
  localparam int SIZE_PKCVT_UNORM16_F32 = 4;
  localparam int FORMAT_PKCVT_UNORM16_F32 = FMT_R;
  localparam int LATENCY_PKCVT_UNORM16_F32 = 4;
  localparam int ASYNC_PKCVT_UNORM16_F32 = 0;
  localparam int ID_PKCVT_UNORM16_F32 = 287;
  // pkcvt.snorm16.f32
  localparam logic [31:0] MATCH_PKCVT_SNORM16_F32 = 32'h0000011c;
  localparam logic [31:0] MASK_PKCVT_SNORM16_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKCVT_SNORM16_F32 = 7'h1c;
  localparam int FUNCT_PKCVT_SNORM16_F32 = 'h2;
  localparam int SIZE_PKCVT_SNORM16_F32 = 4;
  localparam int FORMAT_PKCVT_SNORM16_F32 = FMT_R;
  localparam int LATENCY_PKCVT_SNORM16_F32 = 4;
  localparam int ASYNC_PKCVT_SNORM16_F32 = 0;
  localparam int ID_PKCVT_SNORM16_F32 = 288;
  // pkcvt.u16.u32
  localparam logic [31:0] MATCH_PKCVT_U16_U32 = 32'h0000019c;
  localparam logic [31:0] MASK_PKCVT_U16_U32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKCVT_U16_U32 = 7'h1c;
  localparam int FUNCT_PKCVT_U16_U32 = 'h3;
  localparam int SIZE_PKCVT_U16_U32 = 4;
  localparam int FORMAT_PKCVT_U16_U32 = FMT_R;
  localparam int LATENCY_PKCVT_U16_U32 = 4;
  localparam int ASYNC_PKCVT_U16_U32 = 0;
  localparam int ID_PKCVT_U16_U32 = 289;
  // pkcvt.i16.i32
  localparam logic [31:0] MATCH_PKCVT_I16_I32 = 32'h0000021c;
  localparam logic [31:0] MASK_PKCVT_I16_I32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKCVT_I16_I32 = 7'h1c;
  localparam int FUNCT_PKCVT_I16_I32 = 'h4;
  localparam int SIZE_PKCVT_I16_I32 = 4;
  localparam int FORMAT_PKCVT_I16_I32 = FMT_R;
  localparam int LATENCY_PKCVT_I16_I32 = 4;
  localparam int ASYNC_PKCVT_I16_I32 = 0;
  localparam int ID_PKCVT_I16_I32 = 290;
  // pkcvt.unorm8.f32
  localparam logic [31:0] MATCH_PKCVT_UNORM8_F32 = 32'h0000041c;
  localparam logic [31:0] MASK_PKCVT_UNORM8_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKCVT_UNORM8_F32 = 7'h1c;
  localparam int FUNCT_PKCVT_UNORM8_F32 = 'h8;
  localparam int SIZE_PKCVT_UNORM8_F32 = 4;
  localparam int FORMAT_PKCVT_UNORM8_F32 = FMT_R;
  localparam int LATENCY_PKCVT_UNORM8_F32 = 4;
  localparam int ASYNC_PKCVT_UNORM8_F32 = 0;
  localparam int ID_PKCVT_UNORM8_F32 = 291;
  // pkcvt.unorm8h.f32
  localparam logic [31:0] MATCH_PKCVT_UNORM8H_F32 = 32'h0000049c;
  localparam logic [31:0] MASK_PKCVT_UNORM8H_F32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PKCVT_UNORM8H_F32 = 7'h1c;
  localparam int FUNCT_PKCVT_UNORM8H_F32 = 'h9;
  localparam int SIZE_PKCVT_UNORM8H_F32 = 4;
  localparam int FORMAT_PKCVT_UNORM8H_F32 = FMT_R;
  localparam int LATENCY_PKCVT_UNORM8H_F32 = 4;
  localparam int ASYNC_PKCVT_UNORM8H_F32 = 0;
  localparam int ID_PKCVT_UNORM8H_F32 = 292;
  // pkcvt.f16.f32.m
  localparam logic [63:0] MATCH_PKCVT_F16_F32_M = 64'h0000000000000d01;
  localparam logic [63:0] MASK_PKCVT_F16_F32_M = 64'hffff1fc00001ffff;
  localparam logic [6:0] OPCODE_PKCVT_F16_F32_M = 7'h01;
  localparam int FUNCT_PKCVT_F16_F32_M = 'h1a;
  localparam int SIZE_PKCVT_F16_F32_M = 8;
  localparam int FORMAT_PKCVT_F16_F32_M = FMT_X;
  localparam int LATENCY_PKCVT_F16_F32_M = 5;
  localparam int ASYNC_PKCVT_F16_F32_M = 0;
  localparam int ID_PKCVT_F16_F32_M = 293;
  // pack.lo.b16
  localparam logic [31:0] MATCH_PACK_LO_B16 = 32'h0000029c;
  localparam logic [31:0] MASK_PACK_LO_B16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PACK_LO_B16 = 7'h1c;
  localparam int FUNCT_PACK_LO_B16 = 'h5;
  localparam int SIZE_PACK_LO_B16 = 4;
  localparam int FORMAT_PACK_LO_B16 = FMT_R;
  localparam int LATENCY_PACK_LO_B16 = 4;
  localparam int ASYNC_PACK_LO_B16 = 0;
  localparam int ID_PACK_LO_B16 = 294;
  // pack.hi.b16
  localparam logic [31:0] MATCH_PACK_HI_B16 = 32'h0000031c;
  localparam logic [31:0] MASK_PACK_HI_B16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PACK_HI_B16 = 7'h1c;
  localparam int FUNCT_PACK_HI_B16 = 'h6;
  localparam int SIZE_PACK_HI_B16 = 4;
  localparam int FORMAT_PACK_HI_B16 = FMT_R;
  localparam int LATENCY_PACK_HI_B16 = 4;
  localparam int ASYNC_PACK_HI_B16 = 0;
  localparam int ID_PACK_HI_B16 = 295;
  // pack.lohi.b16
  localparam logic [31:0] MATCH_PACK_LOHI_B16 = 32'h0000039c;
  localparam logic [31:0] MASK_PACK_LOHI_B16 = 32'h000007ff;
  localparam logic [6:0] OPCODE_PACK_LOHI_B16 = 7'h1c;
  localparam int FUNCT_PACK_LOHI_B16 = 'h7;
  localparam int SIZE_PACK_LOHI_B16 = 4;
  localparam int FORMAT_PACK_LOHI_B16 = FMT_R;
  localparam int LATENCY_PACK_LOHI_B16 = 4;
  localparam int ASYNC_PACK_LOHI_B16 = 0;
  localparam int ID_PACK_LOHI_B16 = 296;
  // ffma.f32
  localparam logic [63:0] MATCH_FFMA_F32 = 64'h0000000000000001;
  localparam logic [63:0] MASK_FFMA_F32 = 64'hff8000000001ffff;
  localparam logic [6:0] OPCODE_FFMA_F32 = 7'h01;
  localparam int FUNCT_FFMA_F32 = 'h0;
  localparam int SIZE_FFMA_F32 = 8;
  localparam int FORMAT_FFMA_F32 = FMT_X;
  localparam int LATENCY_FFMA_F32 = 5;
  localparam int ASYNC_FFMA_F32 = 0;
  localparam int ID_FFMA_F32 = 297;
  // fmed3.f32
  localparam logic [63:0] MATCH_FMED3_F32 = 64'h0000000000000181;
  localparam logic [63:0] MASK_FMED3_F32 = 64'hffffe0000001ffff;
  localparam logic [6:0] OPCODE_FMED3_F32 = 7'h01;
  localparam int FUNCT_FMED3_F32 = 'h3;
  localparam int SIZE_FMED3_F32 = 8;
  localparam int FORMAT_FMED3_F32 = FMT_X;
  localparam int LATENCY_FMED3_F32 = 5;
  localparam int ASYNC_FMED3_F32 = 0;
  localparam int ID_FMED3_F32 = 298;
  // dot2.f32.f16
  localparam logic [63:0] MATCH_DOT2_F32_F16 = 64'h0000000000000881;
  localparam logic [63:0] MASK_DOT2_F32_F16 = 64'hffffe0000001ffff;
  localparam logic [6:0] OPCODE_DOT2_F32_F16 = 7'h01;
  localparam int FUNCT_DOT2_F32_F16 = 'h11;
  localparam int SIZE_DOT2_F32_F16 = 8;
  localparam int FORMAT_DOT2_F32_F16 = FMT_X;
  localparam int LATENCY_DOT2_F32_F16 = 5;
  localparam int ASYNC_DOT2_F32_F16 = 0;
  localparam int ID_DOT2_F32_F16 = 299;
  // pkfma.f16
  localparam logic [63:0] MATCH_PKFMA_F16 = 64'h0000000000000901;
  localparam logic [63:0] MASK_PKFMA_F16 = 64'hffff00000001ffff;
  localparam logic [6:0] OPCODE_PKFMA_F16 = 7'h01;
  localparam int FUNCT_PKFMA_F16 = 'h12;
  localparam int SIZE_PKFMA_F16 = 8;
  localparam int FORMAT_PKFMA_F16 = FMT_X;
  localparam int LATENCY_PKFMA_F16 = 5;
  localparam int ASYNC_PKFMA_F16 = 0;
  localparam int ID_PKFMA_F16 = 300;
  // fcvt.f32.i32.m
  localparam logic [63:0] MATCH_FCVT_F32_I32_M = 64'h0000000000000a01;
  localparam logic [63:0] MASK_FCVT_F32_I32_M = 64'hffff1fff8001ffff;
  localparam logic [6:0] OPCODE_FCVT_F32_I32_M = 7'h01;
  localparam int FUNCT_FCVT_F32_I32_M = 'h14;
  localparam int SIZE_FCVT_F32_I32_M = 8;
  localparam int FORMAT_FCVT_F32_I32_M = FMT_X;
  localparam int LATENCY_FCVT_F32_I32_M = 5;
  localparam int ASYNC_FCVT_F32_I32_M = 0;
  localparam int ID_FCVT_F32_I32_M = 301;
  // fcvt.f32.u32.m
  localparam logic [63:0] MATCH_FCVT_F32_U32_M = 64'h0000000000000a81;
  localparam logic [63:0] MASK_FCVT_F32_U32_M = 64'hffff1fff8001ffff;
  localparam logic [6:0] OPCODE_FCVT_F32_U32_M = 7'h01;
  localparam int FUNCT_FCVT_F32_U32_M = 'h15;
  localparam int SIZE_FCVT_F32_U32_M = 8;
  localparam int FORMAT_FCVT_F32_U32_M = FMT_X;
  localparam int LATENCY_FCVT_F32_U32_M = 5;
  localparam int ASYNC_FCVT_F32_U32_M = 0;
  localparam int ID_FCVT_F32_U32_M = 302;
  // fcvt.i32.f32.m
  localparam logic [63:0] MATCH_FCVT_I32_F32_M = 64'h0000000000000b01;
  localparam logic [63:0] MASK_FCVT_I32_F32_M = 64'hffff1fff8001ffff;
  localparam logic [6:0] OPCODE_FCVT_I32_F32_M = 7'h01;
  localparam int FUNCT_FCVT_I32_F32_M = 'h16;
  localparam int SIZE_FCVT_I32_F32_M = 8;
  localparam int FORMAT_FCVT_I32_F32_M = FMT_X;
  localparam int LATENCY_FCVT_I32_F32_M = 5;
  localparam int ASYNC_FCVT_I32_F32_M = 0;
  localparam int ID_FCVT_I32_F32_M = 303;
  // fcvt.u32.f32.m
  localparam logic [63:0] MATCH_FCVT_U32_F32_M = 64'h0000000000000b81;
  localparam logic [63:0] MASK_FCVT_U32_F32_M = 64'hffff1fff8001ffff;
  localparam logic [6:0] OPCODE_FCVT_U32_F32_M = 7'h01;
  localparam int FUNCT_FCVT_U32_F32_M = 'h17;
  localparam int SIZE_FCVT_U32_F32_M = 8;
  localparam int FORMAT_FCVT_U32_F32_M = FMT_X;
  localparam int LATENCY_FCVT_U32_F32_M = 5;
  localparam int ASYNC_FCVT_U32_F32_M = 0;
  localparam int ID_FCVT_U32_F32_M = 304;
  // fcvt.f16.f32.lo.m
  localparam logic [63:0] MATCH_FCVT_F16_F32_LO_M = 64'h0000000000000c01;
  localparam logic [63:0] MASK_FCVT_F16_F32_LO_M = 64'hffff1fff8001ffff;
  localparam logic [6:0] OPCODE_FCVT_F16_F32_LO_M = 7'h01;
  localparam int FUNCT_FCVT_F16_F32_LO_M = 'h18;
  localparam int SIZE_FCVT_F16_F32_LO_M = 8;
  localparam int FORMAT_FCVT_F16_F32_LO_M = FMT_X;
  localparam int LATENCY_FCVT_F16_F32_LO_M = 5;
  localparam int ASYNC_FCVT_F16_F32_LO_M = 0;
  localparam int ID_FCVT_F16_F32_LO_M = 305;
  // fcvt.f16.f32.hi.m
  localparam logic [63:0] MATCH_FCVT_F16_F32_HI_M = 64'h0000000000000c81;
  localparam logic [63:0] MASK_FCVT_F16_F32_HI_M = 64'hffff1fff8001ffff;
  localparam logic [6:0] OPCODE_FCVT_F16_F32_HI_M = 7'h01;
  localparam int FUNCT_FCVT_F16_F32_HI_M = 'h19;
  localparam int SIZE_FCVT_F16_F32_HI_M = 8;
  localparam int FORMAT_FCVT_F16_F32_HI_M = FMT_X;
  localparam int LATENCY_FCVT_F16_F32_HI_M = 5;
  localparam int ASYNC_FCVT_F16_F32_HI_M = 0;
  localparam int ID_FCVT_F16_F32_HI_M = 306;
  // fadd.f32.vl
  localparam logic [63:0] MATCH_FADD_F32_VL = 64'h0000000000000385;
  localparam logic [63:0] MASK_FADD_F32_VL = 64'h000000000003ffff;
  localparam logic [6:0] OPCODE_FADD_F32_VL = 7'h05;
  localparam int FUNCT_FADD_F32_VL = 'h7;
  localparam int SIZE_FADD_F32_VL = 8;
  localparam int FORMAT_FADD_F32_VL = FMT_XL;
  localparam int LATENCY_FADD_F32_VL = 4;
  localparam int ASYNC_FADD_F32_VL = 0;
  localparam int ID_FADD_F32_VL = 307;
  // fmul.f32.vl
  localparam logic [63:0] MATCH_FMUL_F32_VL = 64'h0000000000000405;
  localparam logic [63:0] MASK_FMUL_F32_VL = 64'h000000000003ffff;
  localparam logic [6:0] OPCODE_FMUL_F32_VL = 7'h05;
  localparam int FUNCT_FMUL_F32_VL = 'h8;
  localparam int SIZE_FMUL_F32_VL = 8;
  localparam int FORMAT_FMUL_F32_VL = FMT_XL;
  localparam int LATENCY_FMUL_F32_VL = 4;
  localparam int ASYNC_FMUL_F32_VL = 0;
  localparam int ID_FMUL_F32_VL = 308;
  // fmac.f32.vl
  localparam logic [63:0] MATCH_FMAC_F32_VL = 64'h0000000000000485;
  localparam logic [63:0] MASK_FMAC_F32_VL = 64'h000000000003ffff;
  localparam logic [6:0] OPCODE_FMAC_F32_VL = 7'h05;
  localparam int FUNCT_FMAC_F32_VL = 'h9;
  localparam int SIZE_FMAC_F32_VL = 8;
  localparam int FORMAT_FMAC_F32_VL = FMT_XL;
  localparam int LATENCY_FMAC_F32_VL = 4;
  localparam int ASYNC_FMAC_F32_VL = 0;
  localparam int ID_FMAC_F32_VL = 309;
  // fmin.f32.vl
  localparam logic [63:0] MATCH_FMIN_F32_VL = 64'h0000000000000505;
  localparam logic [63:0] MASK_FMIN_F32_VL = 64'h000000000003ffff;
  localparam logic [6:0] OPCODE_FMIN_F32_VL = 7'h05;
  localparam int FUNCT_FMIN_F32_VL = 'ha;
  localparam int SIZE_FMIN_F32_VL = 8;
  localparam int FORMAT_FMIN_F32_VL = FMT_XL;
  localparam int LATENCY_FMIN_F32_VL = 4;
  localparam int ASYNC_FMIN_F32_VL = 0;
  localparam int ID_FMIN_F32_VL = 310;
  // fmax.f32.vl
  localparam logic [63:0] MATCH_FMAX_F32_VL = 64'h0000000000000585;
  localparam logic [63:0] MASK_FMAX_F32_VL = 64'h000000000003ffff;
  localparam logic [6:0] OPCODE_FMAX_F32_VL = 7'h05;
  localparam int FUNCT_FMAX_F32_VL = 'hb;
  localparam int SIZE_FMAX_F32_VL = 8;
  localparam int FORMAT_FMAX_F32_VL = FMT_XL;
  localparam int LATENCY_FMAX_F32_VL = 4;
  localparam int ASYNC_FMAX_F32_VL = 0;
  localparam int ID_FMAX_F32_VL = 311;
  // fsubr.f32.vl
  localparam logic [63:0] MATCH_FSUBR_F32_VL = 64'h0000000000000605;
  localparam logic [63:0] MASK_FSUBR_F32_VL = 64'h000000000003ffff;
  localparam logic [6:0] OPCODE_FSUBR_F32_VL = 7'h05;
  localparam int FUNCT_FSUBR_F32_VL = 'hc;
  localparam int SIZE_FSUBR_F32_VL = 8;
  localparam int FORMAT_FSUBR_F32_VL = FMT_XL;
  localparam int LATENCY_FSUBR_F32_VL = 4;
  localparam int ASYNC_FSUBR_F32_VL = 0;
  localparam int ID_FSUBR_F32_VL = 312;
  // fclass.f32
  localparam logic [31:0] MATCH_FCLASS_F32 = 32'h00000018;
  localparam logic [31:0] MASK_FCLASS_F32 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCLASS_F32 = 7'h18;
  localparam int FUNCT_FCLASS_F32 = 'h0;
  localparam int SIZE_FCLASS_F32 = 4;
  localparam int FORMAT_FCLASS_F32 = FMT_R1;
  localparam int LATENCY_FCLASS_F32 = 4;
  localparam int ASYNC_FCLASS_F32 = 0;
  localparam int ID_FCLASS_F32 = 313;
  // ffloor.f32
  localparam logic [31:0] MATCH_FFLOOR_F32 = 32'h00000098;
  localparam logic [31:0] MASK_FFLOOR_F32 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FFLOOR_F32 = 7'h18;
  localparam int FUNCT_FFLOOR_F32 = 'h1;
  localparam int SIZE_FFLOOR_F32 = 4;
  localparam int FORMAT_FFLOOR_F32 = FMT_R1;
  localparam int LATENCY_FFLOOR_F32 = 4;
  localparam int ASYNC_FFLOOR_F32 = 0;
  localparam int ID_FFLOOR_F32 = 314;
  // fceil.f32
  localparam logic [31:0] MATCH_FCEIL_F32 = 32'h00000118;
  localparam logic [31:0] MASK_FCEIL_F32 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCEIL_F32 = 7'h18;
  localparam int FUNCT_FCEIL_F32 = 'h2;
  localparam int SIZE_FCEIL_F32 = 4;
  localparam int FORMAT_FCEIL_F32 = FMT_R1;
  localparam int LATENCY_FCEIL_F32 = 4;
  localparam int ASYNC_FCEIL_F32 = 0;
  localparam int ID_FCEIL_F32 = 315;
  // ftrunc.f32
  localparam logic [31:0] MATCH_FTRUNC_F32 = 32'h00000198;
  localparam logic [31:0] MASK_FTRUNC_F32 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FTRUNC_F32 = 7'h18;
  localparam int FUNCT_FTRUNC_F32 = 'h3;
  localparam int SIZE_FTRUNC_F32 = 4;
  localparam int FORMAT_FTRUNC_F32 = FMT_R1;
  localparam int LATENCY_FTRUNC_F32 = 4;
  localparam int ASYNC_FTRUNC_F32 = 0;
  localparam int ID_FTRUNC_F32 = 316;
  // frndne.f32
  localparam logic [31:0] MATCH_FRNDNE_F32 = 32'h00000218;
  localparam logic [31:0] MASK_FRNDNE_F32 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FRNDNE_F32 = 7'h18;
  localparam int FUNCT_FRNDNE_F32 = 'h4;
  localparam int SIZE_FRNDNE_F32 = 4;
  localparam int FORMAT_FRNDNE_F32 = FMT_R1;
  localparam int LATENCY_FRNDNE_F32 = 4;
  localparam int ASYNC_FRNDNE_F32 = 0;
  localparam int ID_FRNDNE_F32 = 317;
  // ffract.f32
  localparam logic [31:0] MATCH_FFRACT_F32 = 32'h00000298;
  localparam logic [31:0] MASK_FFRACT_F32 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FFRACT_F32 = 7'h18;
  localparam int FUNCT_FFRACT_F32 = 'h5;
  localparam int SIZE_FFRACT_F32 = 4;
  localparam int FORMAT_FFRACT_F32 = FMT_R1;
  localparam int LATENCY_FFRACT_F32 = 4;
  localparam int ASYNC_FFRACT_F32 = 0;
  localparam int ID_FFRACT_F32 = 318;
  // fsat.f32
  localparam logic [31:0] MATCH_FSAT_F32 = 32'h00000318;
  localparam logic [31:0] MASK_FSAT_F32 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FSAT_F32 = 7'h18;
  localparam int FUNCT_FSAT_F32 = 'h6;
  localparam int SIZE_FSAT_F32 = 4;
  localparam int FORMAT_FSAT_F32 = FMT_R1;
  localparam int LATENCY_FSAT_F32 = 4;
  localparam int ASYNC_FSAT_F32 = 0;
  localparam int ID_FSAT_F32 = 319;
  // fcvt.i32.f32
  localparam logic [31:0] MATCH_FCVT_I32_F32 = 32'h00000398;
  localparam logic [31:0] MASK_FCVT_I32_F32 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCVT_I32_F32 = 7'h18;
  localparam int FUNCT_FCVT_I32_F32 = 'h7;
  localparam int SIZE_FCVT_I32_F32 = 4;
  localparam int FORMAT_FCVT_I32_F32 = FMT_R1;
  localparam int LATENCY_FCVT_I32_F32 = 4;
  localparam int ASYNC_FCVT_I32_F32 = 0;
  localparam int ID_FCVT_I32_F32 = 320;
  // fcvt.u32.f32
  localparam logic [31:0] MATCH_FCVT_U32_F32 = 32'h00000418;
  localparam logic [31:0] MASK_FCVT_U32_F32 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCVT_U32_F32 = 7'h18;
  localparam int FUNCT_FCVT_U32_F32 = 'h8;
  localparam int SIZE_FCVT_U32_F32 = 4;
  localparam int FORMAT_FCVT_U32_F32 = FMT_R1;
  localparam int LATENCY_FCVT_U32_F32 = 4;
  localparam int ASYNC_FCVT_U32_F32 = 0;
  localparam int ID_FCVT_U32_F32 = 321;
  // fcvt.f32.i32
  localparam logic [31:0] MATCH_FCVT_F32_I32 = 32'h00000498;
  localparam logic [31:0] MASK_FCVT_F32_I32 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCVT_F32_I32 = 7'h18;
  localparam int FUNCT_FCVT_F32_I32 = 'h9;
  localparam int SIZE_FCVT_F32_I32 = 4;
  localparam int FORMAT_FCVT_F32_I32 = FMT_R1;
  localparam int LATENCY_FCVT_F32_I32 = 4;
  localparam int ASYNC_FCVT_F32_I32 = 0;
  localparam int ID_FCVT_F32_I32 = 322;
  // fcvt.f32.u32
  localparam logic [31:0] MATCH_FCVT_F32_U32 = 32'h00000518;
  localparam logic [31:0] MASK_FCVT_F32_U32 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCVT_F32_U32 = 7'h18;
  localparam int FUNCT_FCVT_F32_U32 = 'ha;
  localparam int SIZE_FCVT_F32_U32 = 4;
  localparam int FORMAT_FCVT_F32_U32 = FMT_R1;
  localparam int LATENCY_FCVT_F32_U32 = 4;
  localparam int ASYNC_FCVT_F32_U32 = 0;
  localparam int ID_FCVT_F32_U32 = 323;
  // fcvt.f16.f32.lo
  localparam logic [31:0] MATCH_FCVT_F16_F32_LO = 32'h00000598;
  localparam logic [31:0] MASK_FCVT_F16_F32_LO = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCVT_F16_F32_LO = 7'h18;
  localparam int FUNCT_FCVT_F16_F32_LO = 'hb;
  localparam int SIZE_FCVT_F16_F32_LO = 4;
  localparam int FORMAT_FCVT_F16_F32_LO = FMT_R1;
  localparam int LATENCY_FCVT_F16_F32_LO = 4;
  localparam int ASYNC_FCVT_F16_F32_LO = 0;
  localparam int ID_FCVT_F16_F32_LO = 324;
  // fcvt.f16.f32.hi
  localparam logic [31:0] MATCH_FCVT_F16_F32_HI = 32'h00000618;
  localparam logic [31:0] MASK_FCVT_F16_F32_HI = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCVT_F16_F32_HI = 7'h18;
  localparam int FUNCT_FCVT_F16_F32_HI = 'hc;
  localparam int SIZE_FCVT_F16_F32_HI = 4;
  localparam int FORMAT_FCVT_F16_F32_HI = FMT_R1;
  localparam int LATENCY_FCVT_F16_F32_HI = 4;
  localparam int ASYNC_FCVT_F16_F32_HI = 0;
  localparam int ID_FCVT_F16_F32_HI = 325;
  // fcvt.f32.f16.lo
  localparam logic [31:0] MATCH_FCVT_F32_F16_LO = 32'h00000698;
  localparam logic [31:0] MASK_FCVT_F32_F16_LO = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCVT_F32_F16_LO = 7'h18;
  localparam int FUNCT_FCVT_F32_F16_LO = 'hd;
  localparam int SIZE_FCVT_F32_F16_LO = 4;
  localparam int FORMAT_FCVT_F32_F16_LO = FMT_R1;
  localparam int LATENCY_FCVT_F32_F16_LO = 4;
  localparam int ASYNC_FCVT_F32_F16_LO = 0;
  localparam int ID_FCVT_F32_F16_LO = 326;
  // fcvt.f32.f16.hi
  localparam logic [31:0] MATCH_FCVT_F32_F16_HI = 32'h00000718;
  localparam logic [31:0] MASK_FCVT_F32_F16_HI = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCVT_F32_F16_HI = 7'h18;
  localparam int FUNCT_FCVT_F32_F16_HI = 'he;
  localparam int SIZE_FCVT_F32_F16_HI = 4;
  localparam int FORMAT_FCVT_F32_F16_HI = FMT_R1;
  localparam int LATENCY_FCVT_F32_F16_HI = 4;
  localparam int ASYNC_FCVT_F32_F16_HI = 0;
  localparam int ID_FCVT_F32_F16_HI = 327;
  // fcvt.f32.ubyte0
  localparam logic [31:0] MATCH_FCVT_F32_UBYTE0 = 32'h00000798;
  localparam logic [31:0] MASK_FCVT_F32_UBYTE0 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCVT_F32_UBYTE0 = 7'h18;
  localparam int FUNCT_FCVT_F32_UBYTE0 = 'hf;
  localparam int SIZE_FCVT_F32_UBYTE0 = 4;
  localparam int FORMAT_FCVT_F32_UBYTE0 = FMT_R1;
  localparam int LATENCY_FCVT_F32_UBYTE0 = 4;
  localparam int ASYNC_FCVT_F32_UBYTE0 = 0;
  localparam int ID_FCVT_F32_UBYTE0 = 328;
  // fcvt.f32.ubyte1
  localparam logic [31:0] MATCH_FCVT_F32_UBYTE1 = 32'h00000818;
  localparam logic [31:0] MASK_FCVT_F32_UBYTE1 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCVT_F32_UBYTE1 = 7'h18;
  localparam int FUNCT_FCVT_F32_UBYTE1 = 'h10;
  localparam int SIZE_FCVT_F32_UBYTE1 = 4;
  localparam int FORMAT_FCVT_F32_UBYTE1 = FMT_R1;
  localparam int LATENCY_FCVT_F32_UBYTE1 = 4;
  localparam int ASYNC_FCVT_F32_UBYTE1 = 0;
  localparam int ID_FCVT_F32_UBYTE1 = 329;
  // fcvt.f32.ubyte2
  localparam logic [31:0] MATCH_FCVT_F32_UBYTE2 = 32'h00000898;
  localparam logic [31:0] MASK_FCVT_F32_UBYTE2 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCVT_F32_UBYTE2 = 7'h18;
  localparam int FUNCT_FCVT_F32_UBYTE2 = 'h11;
  localparam int SIZE_FCVT_F32_UBYTE2 = 4;
  localparam int FORMAT_FCVT_F32_UBYTE2 = FMT_R1;
  localparam int LATENCY_FCVT_F32_UBYTE2 = 4;
  localparam int ASYNC_FCVT_F32_UBYTE2 = 0;
  localparam int ID_FCVT_F32_UBYTE2 = 330;
  // fcvt.f32.ubyte3
  localparam logic [31:0] MATCH_FCVT_F32_UBYTE3 = 32'h00000918;
  localparam logic [31:0] MASK_FCVT_F32_UBYTE3 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FCVT_F32_UBYTE3 = 7'h18;
  localparam int FUNCT_FCVT_F32_UBYTE3 = 'h12;
  localparam int SIZE_FCVT_F32_UBYTE3 = 4;
  localparam int FORMAT_FCVT_F32_UBYTE3 = FMT_R1;
  localparam int LATENCY_FCVT_F32_UBYTE3 = 4;
  localparam int ASYNC_FCVT_F32_UBYTE3 = 0;
  localparam int ID_FCVT_F32_UBYTE3 = 331;
  // frexp.mant.f32
  localparam logic [31:0] MATCH_FREXP_MANT_F32 = 32'h00000998;
  localparam logic [31:0] MASK_FREXP_MANT_F32 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FREXP_MANT_F32 = 7'h18;
  localparam int FUNCT_FREXP_MANT_F32 = 'h13;
  localparam int SIZE_FREXP_MANT_F32 = 4;
  localparam int FORMAT_FREXP_MANT_F32 = FMT_R1;
  localparam int LATENCY_FREXP_MANT_F32 = 4;
  localparam int ASYNC_FREXP_MANT_F32 = 0;
  localparam int ID_FREXP_MANT_F32 = 332;
  // frexp.exp.f32
  localparam logic [31:0] MATCH_FREXP_EXP_F32 = 32'h00000a18;
  localparam logic [31:0] MASK_FREXP_EXP_F32 = 32'h0003ffff;
  localparam logic [6:0] OPCODE_FREXP_EXP_F32 = 7'h18;
  localparam int FUNCT_FREXP_EXP_F32 = 'h14;
  localparam int SIZE_FREXP_EXP_F32 = 4;
  localparam int FORMAT_FREXP_EXP_F32 = FMT_R1;
  localparam int LATENCY_FREXP_EXP_F32 = 4;
  localparam int ASYNC_FREXP_EXP_F32 = 0;
  localparam int ID_FREXP_EXP_F32 = 333;
  // cmp.eq.f32
  localparam logic [31:0] MATCH_CMP_EQ_F32 = 32'h00000326;
  localparam logic [31:0] MASK_CMP_EQ_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_EQ_F32 = 7'h26;
  localparam int FUNCT_CMP_EQ_F32 = 'h6;
  localparam int SIZE_CMP_EQ_F32 = 4;
  localparam int FORMAT_CMP_EQ_F32 = FMT_C;
  localparam int LATENCY_CMP_EQ_F32 = 4;
  localparam int ASYNC_CMP_EQ_F32 = 0;
  localparam int ID_CMP_EQ_F32 = 334;
  // cmp.ne.f32
  localparam logic [31:0] MATCH_CMP_NE_F32 = 32'h000003a6;
  localparam logic [31:0] MASK_CMP_NE_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_NE_F32 = 7'h26;
  localparam int FUNCT_CMP_NE_F32 = 'h7;
  localparam int SIZE_CMP_NE_F32 = 4;
  localparam int FORMAT_CMP_NE_F32 = FMT_C;
  localparam int LATENCY_CMP_NE_F32 = 4;
  localparam int ASYNC_CMP_NE_F32 = 0;
  localparam int ID_CMP_NE_F32 = 335;
  // cmp.lt.f32
  localparam logic [31:0] MATCH_CMP_LT_F32 = 32'h00000426;
  localparam logic [31:0] MASK_CMP_LT_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_LT_F32 = 7'h26;
  localparam int FUNCT_CMP_LT_F32 = 'h8;
  localparam int SIZE_CMP_LT_F32 = 4;
  localparam int FORMAT_CMP_LT_F32 = FMT_C;
  localparam int LATENCY_CMP_LT_F32 = 4;
  localparam int ASYNC_CMP_LT_F32 = 0;
  localparam int ID_CMP_LT_F32 = 336;
  // cmp.le.f32
  localparam logic [31:0] MATCH_CMP_LE_F32 = 32'h000004a6;
  localparam logic [31:0] MASK_CMP_LE_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_LE_F32 = 7'h26;
  localparam int FUNCT_CMP_LE_F32 = 'h9;
  localparam int SIZE_CMP_LE_F32 = 4;
  localparam int FORMAT_CMP_LE_F32 = FMT_C;
  localparam int LATENCY_CMP_LE_F32 = 4;
  localparam int ASYNC_CMP_LE_F32 = 0;
  localparam int ID_CMP_LE_F32 = 337;
  // cmp.gt.f32
  localparam logic [31:0] MATCH_CMP_GT_F32 = 32'h00000526;
  localparam logic [31:0] MASK_CMP_GT_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_GT_F32 = 7'h26;
  localparam int FUNCT_CMP_GT_F32 = 'ha;
  localparam int SIZE_CMP_GT_F32 = 4;
  localparam int FORMAT_CMP_GT_F32 = FMT_C;
  localparam int LATENCY_CMP_GT_F32 = 4;
  localparam int ASYNC_CMP_GT_F32 = 0;
  localparam int ID_CMP_GT_F32 = 338;
  // cmp.ge.f32
  localparam logic [31:0] MATCH_CMP_GE_F32 = 32'h000005a6;
  localparam logic [31:0] MASK_CMP_GE_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_GE_F32 = 7'h26;
  localparam int FUNCT_CMP_GE_F32 = 'hb;
  localparam int SIZE_CMP_GE_F32 = 4;
  localparam int FORMAT_CMP_GE_F32 = FMT_C;
  localparam int LATENCY_CMP_GE_F32 = 4;
  localparam int ASYNC_CMP_GE_F32 = 0;
  localparam int ID_CMP_GE_F32 = 339;
  // cmp.o.f32
  localparam logic [31:0] MATCH_CMP_O_F32 = 32'h00000626;
  localparam logic [31:0] MASK_CMP_O_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_O_F32 = 7'h26;
  localparam int FUNCT_CMP_O_F32 = 'hc;
  localparam int SIZE_CMP_O_F32 = 4;
  localparam int FORMAT_CMP_O_F32 = FMT_C;
  localparam int LATENCY_CMP_O_F32 = 4;
  localparam int ASYNC_CMP_O_F32 = 0;
  localparam int ID_CMP_O_F32 = 340;
  // cmp.u.f32
  localparam logic [31:0] MATCH_CMP_U_F32 = 32'h000006a6;
  localparam logic [31:0] MASK_CMP_U_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_U_F32 = 7'h26;
  localparam int FUNCT_CMP_U_F32 = 'hd;
  localparam int SIZE_CMP_U_F32 = 4;
  localparam int FORMAT_CMP_U_F32 = FMT_C;
  localparam int LATENCY_CMP_U_F32 = 4;
  localparam int ASYNC_CMP_U_F32 = 0;
  localparam int ID_CMP_U_F32 = 341;
  // cmp.equ.f32
  localparam logic [31:0] MATCH_CMP_EQU_F32 = 32'h00000726;
  localparam logic [31:0] MASK_CMP_EQU_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_EQU_F32 = 7'h26;
  localparam int FUNCT_CMP_EQU_F32 = 'he;
  localparam int SIZE_CMP_EQU_F32 = 4;
  localparam int FORMAT_CMP_EQU_F32 = FMT_C;
  localparam int LATENCY_CMP_EQU_F32 = 4;
  localparam int ASYNC_CMP_EQU_F32 = 0;
  localparam int ID_CMP_EQU_F32 = 342;
  // cmp.neu.f32
  localparam logic [31:0] MATCH_CMP_NEU_F32 = 32'h000007a6;
  localparam logic [31:0] MASK_CMP_NEU_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_NEU_F32 = 7'h26;
  localparam int FUNCT_CMP_NEU_F32 = 'hf;
  localparam int SIZE_CMP_NEU_F32 = 4;
  localparam int FORMAT_CMP_NEU_F32 = FMT_C;
  localparam int LATENCY_CMP_NEU_F32 = 4;
  localparam int ASYNC_CMP_NEU_F32 = 0;
  localparam int ID_CMP_NEU_F32 = 343;
  // cmp.ltu.f32
  localparam logic [31:0] MATCH_CMP_LTU_F32 = 32'h00000826;
  localparam logic [31:0] MASK_CMP_LTU_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_LTU_F32 = 7'h26;
  localparam int FUNCT_CMP_LTU_F32 = 'h10;
  localparam int SIZE_CMP_LTU_F32 = 4;
  localparam int FORMAT_CMP_LTU_F32 = FMT_C;
  localparam int LATENCY_CMP_LTU_F32 = 4;
  localparam int ASYNC_CMP_LTU_F32 = 0;
  localparam int ID_CMP_LTU_F32 = 344;
  // cmp.leu.f32
  localparam logic [31:0] MATCH_CMP_LEU_F32 = 32'h000008a6;
  localparam logic [31:0] MASK_CMP_LEU_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_LEU_F32 = 7'h26;
  localparam int FUNCT_CMP_LEU_F32 = 'h11;
  localparam int SIZE_CMP_LEU_F32 = 4;
  localparam int FORMAT_CMP_LEU_F32 = FMT_C;
  localparam int LATENCY_CMP_LEU_F32 = 4;
  localparam int ASYNC_CMP_LEU_F32 = 0;
  localparam int ID_CMP_LEU_F32 = 345;
  // cmp.gtu.f32
  localparam logic [31:0] MATCH_CMP_GTU_F32 = 32'h00000926;
  localparam logic [31:0] MASK_CMP_GTU_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_GTU_F32 = 7'h26;
  localparam int FUNCT_CMP_GTU_F32 = 'h12;
  localparam int SIZE_CMP_GTU_F32 = 4;
  localparam int FORMAT_CMP_GTU_F32 = FMT_C;
  localparam int LATENCY_CMP_GTU_F32 = 4;
  localparam int ASYNC_CMP_GTU_F32 = 0;
  localparam int ID_CMP_GTU_F32 = 346;
  // cmp.geu.f32
  localparam logic [31:0] MATCH_CMP_GEU_F32 = 32'h000009a6;
  localparam logic [31:0] MASK_CMP_GEU_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_GEU_F32 = 7'h26;
  localparam int FUNCT_CMP_GEU_F32 = 'h13;
  localparam int SIZE_CMP_GEU_F32 = 4;
  localparam int FORMAT_CMP_GEU_F32 = FMT_C;
  localparam int LATENCY_CMP_GEU_F32 = 4;
  localparam int ASYNC_CMP_GEU_F32 = 0;
  localparam int ID_CMP_GEU_F32 = 347;
  // cmp.class.f32
  localparam logic [31:0] MATCH_CMP_CLASS_F32 = 32'h00000a26;
  localparam logic [31:0] MASK_CMP_CLASS_F32 = 32'h00000fff;
  localparam logic [6:0] OPCODE_CMP_CLASS_F32 = 7'h26;
  localparam int FUNCT_CMP_CLASS_F32 = 'h14;
  localparam int SIZE_CMP_CLASS_F32 = 4;
  localparam int FORMAT_CMP_CLASS_F32 = FMT_C;
  localparam int LATENCY_CMP_CLASS_F32 = 4;
  localparam int ASYNC_CMP_CLASS_F32 = 0;
  localparam int ID_CMP_CLASS_F32 = 348;
  // cmp.eq.f32.vu
  localparam logic [31:0] MATCH_CMP_EQ_F32_VU = 32'h00000328;
  localparam logic [31:0] MASK_CMP_EQ_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_EQ_F32_VU = 7'h28;
  localparam int FUNCT_CMP_EQ_F32_VU = 'h6;
  localparam int SIZE_CMP_EQ_F32_VU = 4;
  localparam int FORMAT_CMP_EQ_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_EQ_F32_VU = 4;
  localparam int ASYNC_CMP_EQ_F32_VU = 0;
  localparam int ID_CMP_EQ_F32_VU = 349;
  // cmp.ne.f32.vu
  localparam logic [31:0] MATCH_CMP_NE_F32_VU = 32'h000003a8;
  localparam logic [31:0] MASK_CMP_NE_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_NE_F32_VU = 7'h28;
  localparam int FUNCT_CMP_NE_F32_VU = 'h7;
  localparam int SIZE_CMP_NE_F32_VU = 4;
  localparam int FORMAT_CMP_NE_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_NE_F32_VU = 4;
  localparam int ASYNC_CMP_NE_F32_VU = 0;
  localparam int ID_CMP_NE_F32_VU = 350;
  // cmp.lt.f32.vu
  localparam logic [31:0] MATCH_CMP_LT_F32_VU = 32'h00000428;
  localparam logic [31:0] MASK_CMP_LT_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_LT_F32_VU = 7'h28;
  localparam int FUNCT_CMP_LT_F32_VU = 'h8;
  localparam int SIZE_CMP_LT_F32_VU = 4;
  localparam int FORMAT_CMP_LT_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_LT_F32_VU = 4;
  localparam int ASYNC_CMP_LT_F32_VU = 0;
  localparam int ID_CMP_LT_F32_VU = 351;
  // cmp.le.f32.vu
  localparam logic [31:0] MATCH_CMP_LE_F32_VU = 32'h000004a8;
  localparam logic [31:0] MASK_CMP_LE_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_LE_F32_VU = 7'h28;
  localparam int FUNCT_CMP_LE_F32_VU = 'h9;
  localparam int SIZE_CMP_LE_F32_VU = 4;
  localparam int FORMAT_CMP_LE_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_LE_F32_VU = 4;
  localparam int ASYNC_CMP_LE_F32_VU = 0;
  localparam int ID_CMP_LE_F32_VU = 352;
  // cmp.gt.f32.vu
  localparam logic [31:0] MATCH_CMP_GT_F32_VU = 32'h00000528;
  localparam logic [31:0] MASK_CMP_GT_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_GT_F32_VU = 7'h28;
  localparam int FUNCT_CMP_GT_F32_VU = 'ha;
  localparam int SIZE_CMP_GT_F32_VU = 4;
  localparam int FORMAT_CMP_GT_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_GT_F32_VU = 4;
  localparam int ASYNC_CMP_GT_F32_VU = 0;
  localparam int ID_CMP_GT_F32_VU = 353;
  // cmp.ge.f32.vu
  localparam logic [31:0] MATCH_CMP_GE_F32_VU = 32'h000005a8;
  localparam logic [31:0] MASK_CMP_GE_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_GE_F32_VU = 7'h28;
  localparam int FUNCT_CMP_GE_F32_VU = 'hb;
  localparam int SIZE_CMP_GE_F32_VU = 4;
  localparam int FORMAT_CMP_GE_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_GE_F32_VU = 4;
  localparam int ASYNC_CMP_GE_F32_VU = 0;
  localparam int ID_CMP_GE_F32_VU = 354;
  // cmp.o.f32.vu
  localparam logic [31:0] MATCH_CMP_O_F32_VU = 32'h00000628;
  localparam logic [31:0] MASK_CMP_O_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_O_F32_VU = 7'h28;
  localparam int FUNCT_CMP_O_F32_VU = 'hc;
  localparam int SIZE_CMP_O_F32_VU = 4;
  localparam int FORMAT_CMP_O_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_O_F32_VU = 4;
  localparam int ASYNC_CMP_O_F32_VU = 0;
  localparam int ID_CMP_O_F32_VU = 355;
  // cmp.u.f32.vu
  localparam logic [31:0] MATCH_CMP_U_F32_VU = 32'h000006a8;
  localparam logic [31:0] MASK_CMP_U_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_U_F32_VU = 7'h28;
  localparam int FUNCT_CMP_U_F32_VU = 'hd;
  localparam int SIZE_CMP_U_F32_VU = 4;
  localparam int FORMAT_CMP_U_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_U_F32_VU = 4;
  localparam int ASYNC_CMP_U_F32_VU = 0;
  localparam int ID_CMP_U_F32_VU = 356;
  // cmp.equ.f32.vu
  localparam logic [31:0] MATCH_CMP_EQU_F32_VU = 32'h00000728;
  localparam logic [31:0] MASK_CMP_EQU_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_EQU_F32_VU = 7'h28;
  localparam int FUNCT_CMP_EQU_F32_VU = 'he;
  localparam int SIZE_CMP_EQU_F32_VU = 4;
  localparam int FORMAT_CMP_EQU_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_EQU_F32_VU = 4;
  localparam int ASYNC_CMP_EQU_F32_VU = 0;
  localparam int ID_CMP_EQU_F32_VU = 357;
  // cmp.neu.f32.vu
  localparam logic [31:0] MATCH_CMP_NEU_F32_VU = 32'h000007a8;
  localparam logic [31:0] MASK_CMP_NEU_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_NEU_F32_VU = 7'h28;
  localparam int FUNCT_CMP_NEU_F32_VU = 'hf;
  localparam int SIZE_CMP_NEU_F32_VU = 4;
  localparam int FORMAT_CMP_NEU_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_NEU_F32_VU = 4;
  localparam int ASYNC_CMP_NEU_F32_VU = 0;
  localparam int ID_CMP_NEU_F32_VU = 358;
  // cmp.ltu.f32.vu
  localparam logic [31:0] MATCH_CMP_LTU_F32_VU = 32'h00000828;
  localparam logic [31:0] MASK_CMP_LTU_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_LTU_F32_VU = 7'h28;
  localparam int FUNCT_CMP_LTU_F32_VU = 'h10;
  localparam int SIZE_CMP_LTU_F32_VU = 4;
  localparam int FORMAT_CMP_LTU_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_LTU_F32_VU = 4;
  localparam int ASYNC_CMP_LTU_F32_VU = 0;
  localparam int ID_CMP_LTU_F32_VU = 359;
  // cmp.leu.f32.vu
  localparam logic [31:0] MATCH_CMP_LEU_F32_VU = 32'h000008a8;
  localparam logic [31:0] MASK_CMP_LEU_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_LEU_F32_VU = 7'h28;
  localparam int FUNCT_CMP_LEU_F32_VU = 'h11;
  localparam int SIZE_CMP_LEU_F32_VU = 4;
  localparam int FORMAT_CMP_LEU_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_LEU_F32_VU = 4;
  localparam int ASYNC_CMP_LEU_F32_VU = 0;
  localparam int ID_CMP_LEU_F32_VU = 360;
  // cmp.gtu.f32.vu
  localparam logic [31:0] MATCH_CMP_GTU_F32_VU = 32'h00000928;
  localparam logic [31:0] MASK_CMP_GTU_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_GTU_F32_VU = 7'h28;
  localparam int FUNCT_CMP_GTU_F32_VU = 'h12;
  localparam int SIZE_CMP_GTU_F32_VU = 4;
  localparam int FORMAT_CMP_GTU_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_GTU_F32_VU = 4;
  localparam int ASYNC_CMP_GTU_F32_VU = 0;
  localparam int ID_CMP_GTU_F32_VU = 361;
  // cmp.geu.f32.vu
  localparam logic [31:0] MATCH_CMP_GEU_F32_VU = 32'h000009a8;
  localparam logic [31:0] MASK_CMP_GEU_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_GEU_F32_VU = 7'h28;
  localparam int FUNCT_CMP_GEU_F32_VU = 'h13;
  localparam int SIZE_CMP_GEU_F32_VU = 4;
  localparam int FORMAT_CMP_GEU_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_GEU_F32_VU = 4;
  localparam int ASYNC_CMP_GEU_F32_VU = 0;
  localparam int ID_CMP_GEU_F32_VU = 362;
  // cmp.class.f32.vu
  localparam logic [31:0] MATCH_CMP_CLASS_F32_VU = 32'h00000a28;
  localparam logic [31:0] MASK_CMP_CLASS_F32_VU = 32'h00001fff;
  localparam logic [6:0] OPCODE_CMP_CLASS_F32_VU = 7'h28;
  localparam int FUNCT_CMP_CLASS_F32_VU = 'h14;
  localparam int SIZE_CMP_CLASS_F32_VU = 4;
  localparam int FORMAT_CMP_CLASS_F32_VU = FMT_CU;
  localparam int LATENCY_CMP_CLASS_F32_VU = 4;
  localparam int ASYNC_CMP_CLASS_F32_VU = 0;
  localparam int ID_CMP_CLASS_F32_VU = 363;
  // fadd.f16
  localparam logic [63:0] MATCH_FADD_F16 = 64'h0000000000000009;
  localparam logic [63:0] MASK_FADD_F16 = 64'hfa41fe000001ffff;
  localparam logic [6:0] OPCODE_FADD_F16 = 7'h09;
  localparam int FUNCT_FADD_F16 = 'h0;
  localparam int SIZE_FADD_F16 = 8;
  localparam int FORMAT_FADD_F16 = FMT_H;
  localparam int LATENCY_FADD_F16 = 5;
  localparam int ASYNC_FADD_F16 = 0;
  localparam int ID_FADD_F16 = 364;
  // fsub.f16
  localparam logic [63:0] MATCH_FSUB_F16 = 64'h0000000000000089;
  localparam logic [63:0] MASK_FSUB_F16 = 64'hfa41fe000001ffff;
  localparam logic [6:0] OPCODE_FSUB_F16 = 7'h09;
  localparam int FUNCT_FSUB_F16 = 'h1;
  localparam int SIZE_FSUB_F16 = 8;
  localparam int FORMAT_FSUB_F16 = FMT_H;
  localparam int LATENCY_FSUB_F16 = 5;
  localparam int ASYNC_FSUB_F16 = 0;
  localparam int ID_FSUB_F16 = 365;
  // fmul.f16
  localparam logic [63:0] MATCH_FMUL_F16 = 64'h0000000000000109;
  localparam logic [63:0] MASK_FMUL_F16 = 64'hfa41fe000001ffff;
  localparam logic [6:0] OPCODE_FMUL_F16 = 7'h09;
  localparam int FUNCT_FMUL_F16 = 'h2;
  localparam int SIZE_FMUL_F16 = 8;
  localparam int FORMAT_FMUL_F16 = FMT_H;
  localparam int LATENCY_FMUL_F16 = 5;
  localparam int ASYNC_FMUL_F16 = 0;
  localparam int ID_FMUL_F16 = 366;
  // ffma.f16
  localparam logic [63:0] MATCH_FFMA_F16 = 64'h0000000000000189;
  localparam logic [63:0] MASK_FFMA_F16 = 64'hf80000000001ffff;
  localparam logic [6:0] OPCODE_FFMA_F16 = 7'h09;
  localparam int FUNCT_FFMA_F16 = 'h3;
  localparam int SIZE_FFMA_F16 = 8;
  localparam int FORMAT_FFMA_F16 = FMT_H;
  localparam int LATENCY_FFMA_F16 = 5;
  localparam int ASYNC_FFMA_F16 = 0;
  localparam int ID_FFMA_F16 = 367;
  // fmin.f16
  localparam logic [63:0] MATCH_FMIN_F16 = 64'h0000000000000209;
  localparam logic [63:0] MASK_FMIN_F16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_FMIN_F16 = 7'h09;
  localparam int FUNCT_FMIN_F16 = 'h4;
  localparam int SIZE_FMIN_F16 = 8;
  localparam int FORMAT_FMIN_F16 = FMT_H;
  localparam int LATENCY_FMIN_F16 = 5;
  localparam int ASYNC_FMIN_F16 = 0;
  localparam int ID_FMIN_F16 = 368;
  // fmax.f16
  localparam logic [63:0] MATCH_FMAX_F16 = 64'h0000000000000289;
  localparam logic [63:0] MASK_FMAX_F16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_FMAX_F16 = 7'h09;
  localparam int FUNCT_FMAX_F16 = 'h5;
  localparam int SIZE_FMAX_F16 = 8;
  localparam int FORMAT_FMAX_F16 = FMT_H;
  localparam int LATENCY_FMAX_F16 = 5;
  localparam int ASYNC_FMAX_F16 = 0;
  localparam int ID_FMAX_F16 = 369;
  // fsgnj.f16
  localparam logic [63:0] MATCH_FSGNJ_F16 = 64'h0000000000000309;
  localparam logic [63:0] MASK_FSGNJ_F16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_FSGNJ_F16 = 7'h09;
  localparam int FUNCT_FSGNJ_F16 = 'h6;
  localparam int SIZE_FSGNJ_F16 = 8;
  localparam int FORMAT_FSGNJ_F16 = FMT_H;
  localparam int LATENCY_FSGNJ_F16 = 5;
  localparam int ASYNC_FSGNJ_F16 = 0;
  localparam int ID_FSGNJ_F16 = 370;
  // fsgnjn.f16
  localparam logic [63:0] MATCH_FSGNJN_F16 = 64'h0000000000000389;
  localparam logic [63:0] MASK_FSGNJN_F16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_FSGNJN_F16 = 7'h09;
  localparam int FUNCT_FSGNJN_F16 = 'h7;
  localparam int SIZE_FSGNJN_F16 = 8;
  localparam int FORMAT_FSGNJN_F16 = FMT_H;
  localparam int LATENCY_FSGNJN_F16 = 5;
  localparam int ASYNC_FSGNJN_F16 = 0;
  localparam int ID_FSGNJN_F16 = 371;
  // fsgnjx.f16
  localparam logic [63:0] MATCH_FSGNJX_F16 = 64'h0000000000000409;
  localparam logic [63:0] MASK_FSGNJX_F16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_FSGNJX_F16 = 7'h09;
  localparam int FUNCT_FSGNJX_F16 = 'h8;
  localparam int SIZE_FSGNJX_F16 = 8;
  localparam int FORMAT_FSGNJX_F16 = FMT_H;
  localparam int LATENCY_FSGNJX_F16 = 5;
  localparam int ASYNC_FSGNJX_F16 = 0;
  localparam int ID_FSGNJX_F16 = 372;
  // ffloor.f16
  localparam logic [63:0] MATCH_FFLOOR_F16 = 64'h0000000000000489;
  localparam logic [63:0] MASK_FFLOOR_F16 = 64'hfffffffe0001ffff;
  localparam logic [6:0] OPCODE_FFLOOR_F16 = 7'h09;
  localparam int FUNCT_FFLOOR_F16 = 'h9;
  localparam int SIZE_FFLOOR_F16 = 8;
  localparam int FORMAT_FFLOOR_F16 = FMT_H;
  localparam int LATENCY_FFLOOR_F16 = 5;
  localparam int ASYNC_FFLOOR_F16 = 0;
  localparam int ID_FFLOOR_F16 = 373;
  // fceil.f16
  localparam logic [63:0] MATCH_FCEIL_F16 = 64'h0000000000000509;
  localparam logic [63:0] MASK_FCEIL_F16 = 64'hfffffffe0001ffff;
  localparam logic [6:0] OPCODE_FCEIL_F16 = 7'h09;
  localparam int FUNCT_FCEIL_F16 = 'ha;
  localparam int SIZE_FCEIL_F16 = 8;
  localparam int FORMAT_FCEIL_F16 = FMT_H;
  localparam int LATENCY_FCEIL_F16 = 5;
  localparam int ASYNC_FCEIL_F16 = 0;
  localparam int ID_FCEIL_F16 = 374;
  // ftrunc.f16
  localparam logic [63:0] MATCH_FTRUNC_F16 = 64'h0000000000000589;
  localparam logic [63:0] MASK_FTRUNC_F16 = 64'hfffffffe0001ffff;
  localparam logic [6:0] OPCODE_FTRUNC_F16 = 7'h09;
  localparam int FUNCT_FTRUNC_F16 = 'hb;
  localparam int SIZE_FTRUNC_F16 = 8;
  localparam int FORMAT_FTRUNC_F16 = FMT_H;
  localparam int LATENCY_FTRUNC_F16 = 5;
  localparam int ASYNC_FTRUNC_F16 = 0;
  localparam int ID_FTRUNC_F16 = 375;
  // frndne.f16
  localparam logic [63:0] MATCH_FRNDNE_F16 = 64'h0000000000000609;
  localparam logic [63:0] MASK_FRNDNE_F16 = 64'hfffffffe0001ffff;
  localparam logic [6:0] OPCODE_FRNDNE_F16 = 7'h09;
  localparam int FUNCT_FRNDNE_F16 = 'hc;
  localparam int SIZE_FRNDNE_F16 = 8;
  localparam int FORMAT_FRNDNE_F16 = FMT_H;
  localparam int LATENCY_FRNDNE_F16 = 5;
  localparam int ASYNC_FRNDNE_F16 = 0;
  localparam int ID_FRNDNE_F16 = 376;
  // ffract.f16
  localparam logic [63:0] MATCH_FFRACT_F16 = 64'h0000000000000689;
  localparam logic [63:0] MASK_FFRACT_F16 = 64'hfffffffe0001ffff;
  localparam logic [6:0] OPCODE_FFRACT_F16 = 7'h09;
  localparam int FUNCT_FFRACT_F16 = 'hd;
  localparam int SIZE_FFRACT_F16 = 8;
  localparam int FORMAT_FFRACT_F16 = FMT_H;
  localparam int LATENCY_FFRACT_F16 = 5;
  localparam int ASYNC_FFRACT_F16 = 0;
  localparam int ID_FFRACT_F16 = 377;
  // mov.b16
  localparam logic [63:0] MATCH_MOV_B16 = 64'h0000000000000709;
  localparam logic [63:0] MASK_MOV_B16 = 64'hfffffffe0001ffff;
  localparam logic [6:0] OPCODE_MOV_B16 = 7'h09;
  localparam int FUNCT_MOV_B16 = 'he;
  localparam int SIZE_MOV_B16 = 8;
  localparam int FORMAT_MOV_B16 = FMT_H;
  localparam int LATENCY_MOV_B16 = 5;
  localparam int ASYNC_MOV_B16 = 0;
  localparam int ID_MOV_B16 = 378;
  // add.i16
  localparam logic [63:0] MATCH_ADD_I16 = 64'h0000000000000789;
  localparam logic [63:0] MASK_ADD_I16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_ADD_I16 = 7'h09;
  localparam int FUNCT_ADD_I16 = 'hf;
  localparam int SIZE_ADD_I16 = 8;
  localparam int FORMAT_ADD_I16 = FMT_H;
  localparam int LATENCY_ADD_I16 = 5;
  localparam int ASYNC_ADD_I16 = 0;
  localparam int ID_ADD_I16 = 379;
  // sub.i16
  localparam logic [63:0] MATCH_SUB_I16 = 64'h0000000000000809;
  localparam logic [63:0] MASK_SUB_I16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_SUB_I16 = 7'h09;
  localparam int FUNCT_SUB_I16 = 'h10;
  localparam int SIZE_SUB_I16 = 8;
  localparam int FORMAT_SUB_I16 = FMT_H;
  localparam int LATENCY_SUB_I16 = 5;
  localparam int ASYNC_SUB_I16 = 0;
  localparam int ID_SUB_I16 = 380;
  // mul.i16
  localparam logic [63:0] MATCH_MUL_I16 = 64'h0000000000000889;
  localparam logic [63:0] MASK_MUL_I16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_MUL_I16 = 7'h09;
  localparam int FUNCT_MUL_I16 = 'h11;
  localparam int SIZE_MUL_I16 = 8;
  localparam int FORMAT_MUL_I16 = FMT_H;
  localparam int LATENCY_MUL_I16 = 5;
  localparam int ASYNC_MUL_I16 = 0;
  localparam int ID_MUL_I16 = 381;
  // sll.i16
  localparam logic [63:0] MATCH_SLL_I16 = 64'h0000000000000909;
  localparam logic [63:0] MASK_SLL_I16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_SLL_I16 = 7'h09;
  localparam int FUNCT_SLL_I16 = 'h12;
  localparam int SIZE_SLL_I16 = 8;
  localparam int FORMAT_SLL_I16 = FMT_H;
  localparam int LATENCY_SLL_I16 = 5;
  localparam int ASYNC_SLL_I16 = 0;
  localparam int ID_SLL_I16 = 382;
  // srl.i16
  localparam logic [63:0] MATCH_SRL_I16 = 64'h0000000000000989;
  localparam logic [63:0] MASK_SRL_I16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_SRL_I16 = 7'h09;
  localparam int FUNCT_SRL_I16 = 'h13;
  localparam int SIZE_SRL_I16 = 8;
  localparam int FORMAT_SRL_I16 = FMT_H;
  localparam int LATENCY_SRL_I16 = 5;
  localparam int ASYNC_SRL_I16 = 0;
  localparam int ID_SRL_I16 = 383;
  // sra.i16
  localparam logic [63:0] MATCH_SRA_I16 = 64'h0000000000000a09;
  localparam logic [63:0] MASK_SRA_I16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_SRA_I16 = 7'h09;
  localparam int FUNCT_SRA_I16 = 'h14;
  localparam int SIZE_SRA_I16 = 8;
  localparam int FORMAT_SRA_I16 = FMT_H;
  localparam int LATENCY_SRA_I16 = 5;
  localparam int ASYNC_SRA_I16 = 0;
  localparam int ID_SRA_I16 = 384;
  // and.b16
  localparam logic [63:0] MATCH_AND_B16 = 64'h0000000000000a89;
  localparam logic [63:0] MASK_AND_B16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_AND_B16 = 7'h09;
  localparam int FUNCT_AND_B16 = 'h15;
  localparam int SIZE_AND_B16 = 8;
  localparam int FORMAT_AND_B16 = FMT_H;
  localparam int LATENCY_AND_B16 = 5;
  localparam int ASYNC_AND_B16 = 0;
  localparam int ID_AND_B16 = 385;
  // or.b16
  localparam logic [63:0] MATCH_OR_B16 = 64'h0000000000000b09;
  localparam logic [63:0] MASK_OR_B16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_OR_B16 = 7'h09;
  localparam int FUNCT_OR_B16 = 'h16;
  localparam int SIZE_OR_B16 = 8;
  localparam int FORMAT_OR_B16 = FMT_H;
  localparam int LATENCY_OR_B16 = 5;
  localparam int ASYNC_OR_B16 = 0;
  localparam int ID_OR_B16 = 386;
  // xor.b16
  localparam logic [63:0] MATCH_XOR_B16 = 64'h0000000000000b89;
  localparam logic [63:0] MASK_XOR_B16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_XOR_B16 = 7'h09;
  localparam int FUNCT_XOR_B16 = 'h17;
  localparam int SIZE_XOR_B16 = 8;
  localparam int FORMAT_XOR_B16 = FMT_H;
  localparam int LATENCY_XOR_B16 = 5;
  localparam int ASYNC_XOR_B16 = 0;
  localparam int ID_XOR_B16 = 387;
  // min.i16
  localparam logic [63:0] MATCH_MIN_I16 = 64'h0000000000000c09;
  localparam logic [63:0] MASK_MIN_I16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_MIN_I16 = 7'h09;
  localparam int FUNCT_MIN_I16 = 'h18;
  localparam int SIZE_MIN_I16 = 8;
  localparam int FORMAT_MIN_I16 = FMT_H;
  localparam int LATENCY_MIN_I16 = 5;
  localparam int ASYNC_MIN_I16 = 0;
  localparam int ID_MIN_I16 = 388;
  // min.u16
  localparam logic [63:0] MATCH_MIN_U16 = 64'h0000000000000d09;
  localparam logic [63:0] MASK_MIN_U16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_MIN_U16 = 7'h09;
  localparam int FUNCT_MIN_U16 = 'h1a;
  localparam int SIZE_MIN_U16 = 8;
  localparam int FORMAT_MIN_U16 = FMT_H;
  localparam int LATENCY_MIN_U16 = 5;
  localparam int ASYNC_MIN_U16 = 0;
  localparam int ID_MIN_U16 = 389;
  // max.i16
  localparam logic [63:0] MATCH_MAX_I16 = 64'h0000000000000c89;
  localparam logic [63:0] MASK_MAX_I16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_MAX_I16 = 7'h09;
  localparam int FUNCT_MAX_I16 = 'h19;
  localparam int SIZE_MAX_I16 = 8;
  localparam int FORMAT_MAX_I16 = FMT_H;
  localparam int LATENCY_MAX_I16 = 5;
  localparam int ASYNC_MAX_I16 = 0;
  localparam int ID_MAX_I16 = 390;
  // max.u16
  localparam logic [63:0] MATCH_MAX_U16 = 64'h0000000000000d89;
  localparam logic [63:0] MASK_MAX_U16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_MAX_U16 = 7'h09;
  localparam int FUNCT_MAX_U16 = 'h1b;
  localparam int SIZE_MAX_U16 = 8;
  localparam int FORMAT_MAX_U16 = FMT_H;
  localparam int LATENCY_MAX_U16 = 5;
  localparam int ASYNC_MAX_U16 = 0;
  localparam int ID_MAX_U16 = 391;
  // fcvt.f16.i16
  localparam logic [63:0] MATCH_FCVT_F16_I16 = 64'h0000000000000e09;
  localparam logic [63:0] MASK_FCVT_F16_I16 = 64'hfffffffe0001ffff;
  localparam logic [6:0] OPCODE_FCVT_F16_I16 = 7'h09;
  localparam int FUNCT_FCVT_F16_I16 = 'h1c;
  localparam int SIZE_FCVT_F16_I16 = 8;
  localparam int FORMAT_FCVT_F16_I16 = FMT_H;
  localparam int LATENCY_FCVT_F16_I16 = 5;
  localparam int ASYNC_FCVT_F16_I16 = 0;
  localparam int ID_FCVT_F16_I16 = 392;
  // fcvt.f16.u16
  localparam logic [63:0] MATCH_FCVT_F16_U16 = 64'h0000000000000e89;
  localparam logic [63:0] MASK_FCVT_F16_U16 = 64'hfffffffe0001ffff;
  localparam logic [6:0] OPCODE_FCVT_F16_U16 = 7'h09;
  localparam int FUNCT_FCVT_F16_U16 = 'h1d;
  localparam int SIZE_FCVT_F16_U16 = 8;
  localparam int FORMAT_FCVT_F16_U16 = FMT_H;
  localparam int LATENCY_FCVT_F16_U16 = 5;
  localparam int ASYNC_FCVT_F16_U16 = 0;
  localparam int ID_FCVT_F16_U16 = 393;
  // fcvt.i16.f16
  localparam logic [63:0] MATCH_FCVT_I16_F16 = 64'h0000000000000f09;
  localparam logic [63:0] MASK_FCVT_I16_F16 = 64'hfffffffe0001ffff;
  localparam logic [6:0] OPCODE_FCVT_I16_F16 = 7'h09;
  localparam int FUNCT_FCVT_I16_F16 = 'h1e;
  localparam int SIZE_FCVT_I16_F16 = 8;
  localparam int FORMAT_FCVT_I16_F16 = FMT_H;
  localparam int LATENCY_FCVT_I16_F16 = 5;
  localparam int ASYNC_FCVT_I16_F16 = 0;
  localparam int ID_FCVT_I16_F16 = 394;
  // fcvt.u16.f16
  localparam logic [63:0] MATCH_FCVT_U16_F16 = 64'h0000000000000f89;
  localparam logic [63:0] MASK_FCVT_U16_F16 = 64'hfffffffe0001ffff;
  localparam logic [6:0] OPCODE_FCVT_U16_F16 = 7'h09;
  localparam int FUNCT_FCVT_U16_F16 = 'h1f;
  localparam int SIZE_FCVT_U16_F16 = 8;
  localparam int FORMAT_FCVT_U16_F16 = FMT_H;
  localparam int LATENCY_FCVT_U16_F16 = 5;
  localparam int ASYNC_FCVT_U16_F16 = 0;
  localparam int ID_FCVT_U16_F16 = 395;
  // fclass.f16
  localparam logic [63:0] MATCH_FCLASS_F16 = 64'h0000000000001009;
  localparam logic [63:0] MASK_FCLASS_F16 = 64'hfffffffe0001ffff;
  localparam logic [6:0] OPCODE_FCLASS_F16 = 7'h09;
  localparam int FUNCT_FCLASS_F16 = 'h20;
  localparam int SIZE_FCLASS_F16 = 8;
  localparam int FORMAT_FCLASS_F16 = FMT_H;
  localparam int LATENCY_FCLASS_F16 = 5;
  localparam int ASYNC_FCLASS_F16 = 0;
  localparam int ID_FCLASS_F16 = 396;
  // sel.b16
  localparam logic [63:0] MATCH_SEL_B16 = 64'h0000000000001089;
  localparam logic [63:0] MASK_SEL_B16 = 64'hfffe00000001ffff;
  localparam logic [6:0] OPCODE_SEL_B16 = 7'h09;
  localparam int FUNCT_SEL_B16 = 'h21;
  localparam int SIZE_SEL_B16 = 8;
  localparam int FORMAT_SEL_B16 = FMT_H;
  localparam int LATENCY_SEL_B16 = 5;
  localparam int ASYNC_SEL_B16 = 0;
  localparam int ID_SEL_B16 = 397;
  // fldexp.f16
  localparam logic [63:0] MATCH_FLDEXP_F16 = 64'h0000000000001109;
  localparam logic [63:0] MASK_FLDEXP_F16 = 64'hfffffe000001ffff;
  localparam logic [6:0] OPCODE_FLDEXP_F16 = 7'h09;
  localparam int FUNCT_FLDEXP_F16 = 'h22;
  localparam int SIZE_FLDEXP_F16 = 8;
  localparam int FORMAT_FLDEXP_F16 = FMT_H;
  localparam int LATENCY_FLDEXP_F16 = 5;
  localparam int ASYNC_FLDEXP_F16 = 0;
  localparam int ID_FLDEXP_F16 = 398;
  // cmp.eq.f16
  localparam logic [63:0] MATCH_CMP_EQ_F16 = 64'h000000000000000d;
  localparam logic [63:0] MASK_CMP_EQ_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_EQ_F16 = 7'h0d;
  localparam int FUNCT_CMP_EQ_F16 = 'h0;
  localparam int SIZE_CMP_EQ_F16 = 8;
  localparam int FORMAT_CMP_EQ_F16 = FMT_HC;
  localparam int LATENCY_CMP_EQ_F16 = 5;
  localparam int ASYNC_CMP_EQ_F16 = 0;
  localparam int ID_CMP_EQ_F16 = 399;
  // cmp.ne.f16
  localparam logic [63:0] MATCH_CMP_NE_F16 = 64'h000000000000008d;
  localparam logic [63:0] MASK_CMP_NE_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_NE_F16 = 7'h0d;
  localparam int FUNCT_CMP_NE_F16 = 'h1;
  localparam int SIZE_CMP_NE_F16 = 8;
  localparam int FORMAT_CMP_NE_F16 = FMT_HC;
  localparam int LATENCY_CMP_NE_F16 = 5;
  localparam int ASYNC_CMP_NE_F16 = 0;
  localparam int ID_CMP_NE_F16 = 400;
  // cmp.lt.f16
  localparam logic [63:0] MATCH_CMP_LT_F16 = 64'h000000000000010d;
  localparam logic [63:0] MASK_CMP_LT_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_LT_F16 = 7'h0d;
  localparam int FUNCT_CMP_LT_F16 = 'h2;
  localparam int SIZE_CMP_LT_F16 = 8;
  localparam int FORMAT_CMP_LT_F16 = FMT_HC;
  localparam int LATENCY_CMP_LT_F16 = 5;
  localparam int ASYNC_CMP_LT_F16 = 0;
  localparam int ID_CMP_LT_F16 = 401;
  // cmp.le.f16
  localparam logic [63:0] MATCH_CMP_LE_F16 = 64'h000000000000018d;
  localparam logic [63:0] MASK_CMP_LE_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_LE_F16 = 7'h0d;
  localparam int FUNCT_CMP_LE_F16 = 'h3;
  localparam int SIZE_CMP_LE_F16 = 8;
  localparam int FORMAT_CMP_LE_F16 = FMT_HC;
  localparam int LATENCY_CMP_LE_F16 = 5;
  localparam int ASYNC_CMP_LE_F16 = 0;
  localparam int ID_CMP_LE_F16 = 402;
  // cmp.gt.f16
  localparam logic [63:0] MATCH_CMP_GT_F16 = 64'h000000000000020d;
  localparam logic [63:0] MASK_CMP_GT_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_GT_F16 = 7'h0d;
  localparam int FUNCT_CMP_GT_F16 = 'h4;
  localparam int SIZE_CMP_GT_F16 = 8;
  localparam int FORMAT_CMP_GT_F16 = FMT_HC;
  localparam int LATENCY_CMP_GT_F16 = 5;
  localparam int ASYNC_CMP_GT_F16 = 0;
  localparam int ID_CMP_GT_F16 = 403;
  // cmp.ge.f16
  localparam logic [63:0] MATCH_CMP_GE_F16 = 64'h000000000000028d;
  localparam logic [63:0] MASK_CMP_GE_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_GE_F16 = 7'h0d;
  localparam int FUNCT_CMP_GE_F16 = 'h5;
  localparam int SIZE_CMP_GE_F16 = 8;
  localparam int FORMAT_CMP_GE_F16 = FMT_HC;
  localparam int LATENCY_CMP_GE_F16 = 5;
  localparam int ASYNC_CMP_GE_F16 = 0;
  localparam int ID_CMP_GE_F16 = 404;
  // cmp.o.f16
  localparam logic [63:0] MATCH_CMP_O_F16 = 64'h000000000000030d;
  localparam logic [63:0] MASK_CMP_O_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_O_F16 = 7'h0d;
  localparam int FUNCT_CMP_O_F16 = 'h6;
  localparam int SIZE_CMP_O_F16 = 8;
  localparam int FORMAT_CMP_O_F16 = FMT_HC;
  localparam int LATENCY_CMP_O_F16 = 5;
  localparam int ASYNC_CMP_O_F16 = 0;
  localparam int ID_CMP_O_F16 = 405;
  // cmp.u.f16
  localparam logic [63:0] MATCH_CMP_U_F16 = 64'h000000000000038d;
  localparam logic [63:0] MASK_CMP_U_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_U_F16 = 7'h0d;
  localparam int FUNCT_CMP_U_F16 = 'h7;
  localparam int SIZE_CMP_U_F16 = 8;
  localparam int FORMAT_CMP_U_F16 = FMT_HC;
  localparam int LATENCY_CMP_U_F16 = 5;
  localparam int ASYNC_CMP_U_F16 = 0;
  localparam int ID_CMP_U_F16 = 406;
  // cmp.equ.f16
  localparam logic [63:0] MATCH_CMP_EQU_F16 = 64'h000000000000040d;
  localparam logic [63:0] MASK_CMP_EQU_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_EQU_F16 = 7'h0d;
  localparam int FUNCT_CMP_EQU_F16 = 'h8;
  localparam int SIZE_CMP_EQU_F16 = 8;
  localparam int FORMAT_CMP_EQU_F16 = FMT_HC;
  localparam int LATENCY_CMP_EQU_F16 = 5;
  localparam int ASYNC_CMP_EQU_F16 = 0;
  localparam int ID_CMP_EQU_F16 = 407;
  // cmp.neu.f16
  localparam logic [63:0] MATCH_CMP_NEU_F16 = 64'h000000000000048d;
  localparam logic [63:0] MASK_CMP_NEU_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_NEU_F16 = 7'h0d;
  localparam int FUNCT_CMP_NEU_F16 = 'h9;
  localparam int SIZE_CMP_NEU_F16 = 8;
  localparam int FORMAT_CMP_NEU_F16 = FMT_HC;
  localparam int LATENCY_CMP_NEU_F16 = 5;
  localparam int ASYNC_CMP_NEU_F16 = 0;
  localparam int ID_CMP_NEU_F16 = 408;
  // cmp.ltu.f16
  localparam logic [63:0] MATCH_CMP_LTU_F16 = 64'h000000000000050d;
  localparam logic [63:0] MASK_CMP_LTU_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_LTU_F16 = 7'h0d;
  localparam int FUNCT_CMP_LTU_F16 = 'ha;
  localparam int SIZE_CMP_LTU_F16 = 8;
  localparam int FORMAT_CMP_LTU_F16 = FMT_HC;
  localparam int LATENCY_CMP_LTU_F16 = 5;
  localparam int ASYNC_CMP_LTU_F16 = 0;
  localparam int ID_CMP_LTU_F16 = 409;
  // cmp.leu.f16
  localparam logic [63:0] MATCH_CMP_LEU_F16 = 64'h000000000000058d;
  localparam logic [63:0] MASK_CMP_LEU_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_LEU_F16 = 7'h0d;
  localparam int FUNCT_CMP_LEU_F16 = 'hb;
  localparam int SIZE_CMP_LEU_F16 = 8;
  localparam int FORMAT_CMP_LEU_F16 = FMT_HC;
  localparam int LATENCY_CMP_LEU_F16 = 5;
  localparam int ASYNC_CMP_LEU_F16 = 0;
  localparam int ID_CMP_LEU_F16 = 410;
  // cmp.gtu.f16
  localparam logic [63:0] MATCH_CMP_GTU_F16 = 64'h000000000000060d;
  localparam logic [63:0] MASK_CMP_GTU_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_GTU_F16 = 7'h0d;
  localparam int FUNCT_CMP_GTU_F16 = 'hc;
  localparam int SIZE_CMP_GTU_F16 = 8;
  localparam int FORMAT_CMP_GTU_F16 = FMT_HC;
  localparam int LATENCY_CMP_GTU_F16 = 5;
  localparam int ASYNC_CMP_GTU_F16 = 0;
  localparam int ID_CMP_GTU_F16 = 411;
  // cmp.geu.f16
  localparam logic [63:0] MATCH_CMP_GEU_F16 = 64'h000000000000068d;
  localparam logic [63:0] MASK_CMP_GEU_F16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_GEU_F16 = 7'h0d;
  localparam int FUNCT_CMP_GEU_F16 = 'hd;
  localparam int SIZE_CMP_GEU_F16 = 8;
  localparam int FORMAT_CMP_GEU_F16 = FMT_HC;
  localparam int LATENCY_CMP_GEU_F16 = 5;
  localparam int ASYNC_CMP_GEU_F16 = 0;
  localparam int ID_CMP_GEU_F16 = 412;
  // cmp.eq.i16
  localparam logic [63:0] MATCH_CMP_EQ_I16 = 64'h000000000000070d;
  localparam logic [63:0] MASK_CMP_EQ_I16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_EQ_I16 = 7'h0d;
  localparam int FUNCT_CMP_EQ_I16 = 'he;
  localparam int SIZE_CMP_EQ_I16 = 8;
  localparam int FORMAT_CMP_EQ_I16 = FMT_HC;
  localparam int LATENCY_CMP_EQ_I16 = 5;
  localparam int ASYNC_CMP_EQ_I16 = 0;
  localparam int ID_CMP_EQ_I16 = 413;
  // cmp.ne.i16
  localparam logic [63:0] MATCH_CMP_NE_I16 = 64'h000000000000078d;
  localparam logic [63:0] MASK_CMP_NE_I16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_NE_I16 = 7'h0d;
  localparam int FUNCT_CMP_NE_I16 = 'hf;
  localparam int SIZE_CMP_NE_I16 = 8;
  localparam int FORMAT_CMP_NE_I16 = FMT_HC;
  localparam int LATENCY_CMP_NE_I16 = 5;
  localparam int ASYNC_CMP_NE_I16 = 0;
  localparam int ID_CMP_NE_I16 = 414;
  // cmp.lt.i16
  localparam logic [63:0] MATCH_CMP_LT_I16 = 64'h000000000000080d;
  localparam logic [63:0] MASK_CMP_LT_I16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_LT_I16 = 7'h0d;
  localparam int FUNCT_CMP_LT_I16 = 'h10;
  localparam int SIZE_CMP_LT_I16 = 8;
  localparam int FORMAT_CMP_LT_I16 = FMT_HC;
  localparam int LATENCY_CMP_LT_I16 = 5;
  localparam int ASYNC_CMP_LT_I16 = 0;
  localparam int ID_CMP_LT_I16 = 415;
  // cmp.ge.i16
  localparam logic [63:0] MATCH_CMP_GE_I16 = 64'h000000000000088d;
  localparam logic [63:0] MASK_CMP_GE_I16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_GE_I16 = 7'h0d;
  localparam int FUNCT_CMP_GE_I16 = 'h11;
  localparam int SIZE_CMP_GE_I16 = 8;
  localparam int FORMAT_CMP_GE_I16 = FMT_HC;
  localparam int LATENCY_CMP_GE_I16 = 5;
  localparam int ASYNC_CMP_GE_I16 = 0;
  localparam int ID_CMP_GE_I16 = 416;
  // cmp.lt.u16
  localparam logic [63:0] MATCH_CMP_LT_U16 = 64'h000000000000090d;
  localparam logic [63:0] MASK_CMP_LT_U16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_LT_U16 = 7'h0d;
  localparam int FUNCT_CMP_LT_U16 = 'h12;
  localparam int SIZE_CMP_LT_U16 = 8;
  localparam int FORMAT_CMP_LT_U16 = FMT_HC;
  localparam int LATENCY_CMP_LT_U16 = 5;
  localparam int ASYNC_CMP_LT_U16 = 0;
  localparam int ID_CMP_LT_U16 = 417;
  // cmp.ge.u16
  localparam logic [63:0] MATCH_CMP_GE_U16 = 64'h000000000000098d;
  localparam logic [63:0] MASK_CMP_GE_U16 = 64'hffffff800001ffff;
  localparam logic [6:0] OPCODE_CMP_GE_U16 = 7'h0d;
  localparam int FUNCT_CMP_GE_U16 = 'h13;
  localparam int SIZE_CMP_GE_U16 = 8;
  localparam int FORMAT_CMP_GE_U16 = FMT_HC;
  localparam int LATENCY_CMP_GE_U16 = 5;
  localparam int ASYNC_CMP_GE_U16 = 0;
  localparam int ID_CMP_GE_U16 = 418;
  // tex.sample
  localparam logic [63:0] MATCH_TEX_SAMPLE = 64'h0000000000000029;
  localparam logic [63:0] MASK_TEX_SAMPLE = 64'hc00000031c000fff;
  localparam logic [6:0] OPCODE_TEX_SAMPLE = 7'h29;
  localparam int FUNCT_TEX_SAMPLE = 'h0;
  localparam int SIZE_TEX_SAMPLE = 8;
  localparam int FORMAT_TEX_SAMPLE = FMT_T;
  localparam int LATENCY_TEX_SAMPLE = 0;
  localparam int ASYNC_TEX_SAMPLE = 1;
  localparam int ID_TEX_SAMPLE = 419;
  // tex.sample.b
  localparam logic [63:0] MATCH_TEX_SAMPLE_B = 64'h00000000000000a9;
  localparam logic [63:0] MASK_TEX_SAMPLE_B = 64'hc00000031c000fff;
  localparam logic [6:0] OPCODE_TEX_SAMPLE_B = 7'h29;
  localparam int FUNCT_TEX_SAMPLE_B = 'h1;
  localparam int SIZE_TEX_SAMPLE_B = 8;
  localparam int FORMAT_TEX_SAMPLE_B = FMT_T;
  localparam int LATENCY_TEX_SAMPLE_B = 0;
  localparam int ASYNC_TEX_SAMPLE_B = 1;
  localparam int ID_TEX_SAMPLE_B = 420;
  // tex.sample.l
  localparam logic [63:0] MATCH_TEX_SAMPLE_L = 64'h0000000000000129;
  localparam logic [63:0] MASK_TEX_SAMPLE_L = 64'hc00000031c000fff;
  localparam logic [6:0] OPCODE_TEX_SAMPLE_L = 7'h29;
  localparam int FUNCT_TEX_SAMPLE_L = 'h2;
  localparam int SIZE_TEX_SAMPLE_L = 8;
  localparam int FORMAT_TEX_SAMPLE_L = FMT_T;
  localparam int LATENCY_TEX_SAMPLE_L = 0;
  localparam int ASYNC_TEX_SAMPLE_L = 1;
  localparam int ID_TEX_SAMPLE_L = 421;
  // tex.sample.lz
  localparam logic [63:0] MATCH_TEX_SAMPLE_LZ = 64'h00000000000001a9;
  localparam logic [63:0] MASK_TEX_SAMPLE_LZ = 64'hc00000031c000fff;
  localparam logic [6:0] OPCODE_TEX_SAMPLE_LZ = 7'h29;
  localparam int FUNCT_TEX_SAMPLE_LZ = 'h3;
  localparam int SIZE_TEX_SAMPLE_LZ = 8;
  localparam int FORMAT_TEX_SAMPLE_LZ = FMT_T;
  localparam int LATENCY_TEX_SAMPLE_LZ = 0;
  localparam int ASYNC_TEX_SAMPLE_LZ = 1;
  localparam int ID_TEX_SAMPLE_LZ = 422;
  // tex.sample.d
  localparam logic [63:0] MATCH_TEX_SAMPLE_D = 64'h0000000000000229;
  localparam logic [63:0] MASK_TEX_SAMPLE_D = 64'hc00000031c000fff;
  localparam logic [6:0] OPCODE_TEX_SAMPLE_D = 7'h29;
  localparam int FUNCT_TEX_SAMPLE_D = 'h4;
  localparam int SIZE_TEX_SAMPLE_D = 8;
  localparam int FORMAT_TEX_SAMPLE_D = FMT_T;
  localparam int LATENCY_TEX_SAMPLE_D = 0;
  localparam int ASYNC_TEX_SAMPLE_D = 1;
  localparam int ID_TEX_SAMPLE_D = 423;
  // tex.sample.c
  localparam logic [63:0] MATCH_TEX_SAMPLE_C = 64'h00000000000002a9;
  localparam logic [63:0] MASK_TEX_SAMPLE_C = 64'hc00000031c000fff;
  localparam logic [6:0] OPCODE_TEX_SAMPLE_C = 7'h29;
  localparam int FUNCT_TEX_SAMPLE_C = 'h5;
  localparam int SIZE_TEX_SAMPLE_C = 8;
  localparam int FORMAT_TEX_SAMPLE_C = FMT_T;
  localparam int LATENCY_TEX_SAMPLE_C = 0;
  localparam int ASYNC_TEX_SAMPLE_C = 1;
  localparam int ID_TEX_SAMPLE_C = 424;
  // tex.sample.c.b
  localparam logic [63:0] MATCH_TEX_SAMPLE_C_B = 64'h0000000000000329;
  localparam logic [63:0] MASK_TEX_SAMPLE_C_B = 64'hc00000031c000fff;
  localparam logic [6:0] OPCODE_TEX_SAMPLE_C_B = 7'h29;
  localparam int FUNCT_TEX_SAMPLE_C_B = 'h6;
  localparam int SIZE_TEX_SAMPLE_C_B = 8;
  localparam int FORMAT_TEX_SAMPLE_C_B = FMT_T;
  localparam int LATENCY_TEX_SAMPLE_C_B = 0;
  localparam int ASYNC_TEX_SAMPLE_C_B = 1;
  localparam int ID_TEX_SAMPLE_C_B = 425;
  // tex.sample.c.l
  localparam logic [63:0] MATCH_TEX_SAMPLE_C_L = 64'h00000000000003a9;
  localparam logic [63:0] MASK_TEX_SAMPLE_C_L = 64'hc00000031c000fff;
  localparam logic [6:0] OPCODE_TEX_SAMPLE_C_L = 7'h29;
  localparam int FUNCT_TEX_SAMPLE_C_L = 'h7;
  localparam int SIZE_TEX_SAMPLE_C_L = 8;
  localparam int FORMAT_TEX_SAMPLE_C_L = FMT_T;
  localparam int LATENCY_TEX_SAMPLE_C_L = 0;
  localparam int ASYNC_TEX_SAMPLE_C_L = 1;
  localparam int ID_TEX_SAMPLE_C_L = 426;
  // tex.sample.c.lz
  localparam logic [63:0] MATCH_TEX_SAMPLE_C_LZ = 64'h0000000000000429;
  localparam logic [63:0] MASK_TEX_SAMPLE_C_LZ = 64'hc00000031c000fff;
  localparam logic [6:0] OPCODE_TEX_SAMPLE_C_LZ = 7'h29;
  localparam int FUNCT_TEX_SAMPLE_C_LZ = 'h8;
  localparam int SIZE_TEX_SAMPLE_C_LZ = 8;
  localparam int FORMAT_TEX_SAMPLE_C_LZ = FMT_T;
  localparam int LATENCY_TEX_SAMPLE_C_LZ = 0;
  localparam int ASYNC_TEX_SAMPLE_C_LZ = 1;
  localparam int ID_TEX_SAMPLE_C_LZ = 427;
  // tex.sample.c.d
  localparam logic [63:0] MATCH_TEX_SAMPLE_C_D = 64'h00000000000004a9;
  localparam logic [63:0] MASK_TEX_SAMPLE_C_D = 64'hc00000031c000fff;
  localparam logic [6:0] OPCODE_TEX_SAMPLE_C_D = 7'h29;
  localparam int FUNCT_TEX_SAMPLE_C_D = 'h9;
  localparam int SIZE_TEX_SAMPLE_C_D = 8;
  localparam int FORMAT_TEX_SAMPLE_C_D = FMT_T;
  localparam int LATENCY_TEX_SAMPLE_C_D = 0;
  localparam int ASYNC_TEX_SAMPLE_C_D = 1;
  localparam int ID_TEX_SAMPLE_C_D = 428;
  // tex.gather4
  localparam logic [63:0] MATCH_TEX_GATHER4 = 64'h0000000000000529;
  localparam logic [63:0] MASK_TEX_GATHER4 = 64'hc00000031c000fff;
  localparam logic [6:0] OPCODE_TEX_GATHER4 = 7'h29;
  localparam int FUNCT_TEX_GATHER4 = 'ha;
  localparam int SIZE_TEX_GATHER4 = 8;
  localparam int FORMAT_TEX_GATHER4 = FMT_T;
  localparam int LATENCY_TEX_GATHER4 = 0;
  localparam int ASYNC_TEX_GATHER4 = 1;
  localparam int ID_TEX_GATHER4 = 429;
  // tex.gather4.c
  localparam logic [63:0] MATCH_TEX_GATHER4_C = 64'h00000000000005a9;
  localparam logic [63:0] MASK_TEX_GATHER4_C = 64'hc00000031c000fff;
  localparam logic [6:0] OPCODE_TEX_GATHER4_C = 7'h29;
  localparam int FUNCT_TEX_GATHER4_C = 'hb;
  localparam int SIZE_TEX_GATHER4_C = 8;
  localparam int FORMAT_TEX_GATHER4_C = FMT_T;
  localparam int LATENCY_TEX_GATHER4_C = 0;
  localparam int ASYNC_TEX_GATHER4_C = 1;
  localparam int ID_TEX_GATHER4_C = 430;
  // tex.fetch
  localparam logic [63:0] MATCH_TEX_FETCH = 64'h0000000000000629;
  localparam logic [63:0] MASK_TEX_FETCH = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_TEX_FETCH = 7'h29;
  localparam int FUNCT_TEX_FETCH = 'hc;
  localparam int SIZE_TEX_FETCH = 8;
  localparam int FORMAT_TEX_FETCH = FMT_T;
  localparam int LATENCY_TEX_FETCH = 0;
  localparam int ASYNC_TEX_FETCH = 1;
  localparam int ID_TEX_FETCH = 431;
  // tex.query.lod
  localparam logic [63:0] MATCH_TEX_QUERY_LOD = 64'h00000000000006a9;
  localparam logic [63:0] MASK_TEX_QUERY_LOD = 64'hc00000031c000fff;
  localparam logic [6:0] OPCODE_TEX_QUERY_LOD = 7'h29;
  localparam int FUNCT_TEX_QUERY_LOD = 'hd;
  localparam int SIZE_TEX_QUERY_LOD = 8;
  localparam int FORMAT_TEX_QUERY_LOD = FMT_T;
  localparam int LATENCY_TEX_QUERY_LOD = 0;
  localparam int ASYNC_TEX_QUERY_LOD = 1;
  localparam int ID_TEX_QUERY_LOD = 432;
  // tex.query.size
  localparam logic [63:0] MATCH_TEX_QUERY_SIZE = 64'h0000000000000729;
  localparam logic [63:0] MASK_TEX_QUERY_SIZE = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_TEX_QUERY_SIZE = 7'h29;
  localparam int FUNCT_TEX_QUERY_SIZE = 'he;
  localparam int SIZE_TEX_QUERY_SIZE = 8;
  localparam int FORMAT_TEX_QUERY_SIZE = FMT_T;
  localparam int LATENCY_TEX_QUERY_SIZE = 0;
  localparam int ASYNC_TEX_QUERY_SIZE = 1;
  localparam int ID_TEX_QUERY_SIZE = 433;
  // tex.query.levels
  localparam logic [63:0] MATCH_TEX_QUERY_LEVELS = 64'h00000000000007a9;
  localparam logic [63:0] MASK_TEX_QUERY_LEVELS = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_TEX_QUERY_LEVELS = 7'h29;
  localparam int FUNCT_TEX_QUERY_LEVELS = 'hf;
  localparam int SIZE_TEX_QUERY_LEVELS = 8;
  localparam int FORMAT_TEX_QUERY_LEVELS = FMT_T;
  localparam int LATENCY_TEX_QUERY_LEVELS = 0;
  localparam int ASYNC_TEX_QUERY_LEVELS = 1;
  localparam int ID_TEX_QUERY_LEVELS = 434;
  // tex.query.samples
  localparam logic [63:0] MATCH_TEX_QUERY_SAMPLES = 64'h0000000000000829;
  localparam logic [63:0] MASK_TEX_QUERY_SAMPLES = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_TEX_QUERY_SAMPLES = 7'h29;
  localparam int FUNCT_TEX_QUERY_SAMPLES = 'h10;
  localparam int SIZE_TEX_QUERY_SAMPLES = 8;
  localparam int FORMAT_TEX_QUERY_SAMPLES = FMT_T;
  localparam int LATENCY_TEX_QUERY_SAMPLES = 0;
  localparam int ASYNC_TEX_QUERY_SAMPLES = 1;
  localparam int ID_TEX_QUERY_SAMPLES = 435;
  // img.load
  localparam logic [63:0] MATCH_IMG_LOAD = 64'h000000000000002d;
  localparam logic [63:0] MASK_IMG_LOAD = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_LOAD = 7'h2d;
  localparam int FUNCT_IMG_LOAD = 'h0;
  localparam int SIZE_IMG_LOAD = 8;
  localparam int FORMAT_IMG_LOAD = FMT_T;
  localparam int LATENCY_IMG_LOAD = 0;
  localparam int ASYNC_IMG_LOAD = 1;
  localparam int ID_IMG_LOAD = 436;
  // img.store
  localparam logic [63:0] MATCH_IMG_STORE = 64'h00000000000000ad;
  localparam logic [63:0] MASK_IMG_STORE = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_STORE = 7'h2d;
  localparam int FUNCT_IMG_STORE = 'h1;
  localparam int SIZE_IMG_STORE = 8;
  localparam int FORMAT_IMG_STORE = FMT_T;
  localparam int LATENCY_IMG_STORE = 0;
  localparam int ASYNC_IMG_STORE = 2;
  localparam int ID_IMG_STORE = 437;
  // img.atom.add.u32
  localparam logic [63:0] MATCH_IMG_ATOM_ADD_U32 = 64'h000000000000012d;
  localparam logic [63:0] MASK_IMG_ATOM_ADD_U32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_ADD_U32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_ADD_U32 = 'h2;
  localparam int SIZE_IMG_ATOM_ADD_U32 = 8;
  localparam int FORMAT_IMG_ATOM_ADD_U32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_ADD_U32 = 0;
  localparam int ASYNC_IMG_ATOM_ADD_U32 = 2;
  localparam int ID_IMG_ATOM_ADD_U32 = 438;
  // img.atom.add.u32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_ADD_U32_RTN = 64'h000000000000082d;
  localparam logic [63:0] MASK_IMG_ATOM_ADD_U32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_ADD_U32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_ADD_U32_RTN = 'h10;
  localparam int SIZE_IMG_ATOM_ADD_U32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_ADD_U32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_ADD_U32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_ADD_U32_RTN = 1;
  localparam int ID_IMG_ATOM_ADD_U32_RTN = 439;
  // img.atom.sub.u32
  localparam logic [63:0] MATCH_IMG_ATOM_SUB_U32 = 64'h00000000000001ad;
  localparam logic [63:0] MASK_IMG_ATOM_SUB_U32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_SUB_U32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_SUB_U32 = 'h3;
  localparam int SIZE_IMG_ATOM_SUB_U32 = 8;
  localparam int FORMAT_IMG_ATOM_SUB_U32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_SUB_U32 = 0;
  localparam int ASYNC_IMG_ATOM_SUB_U32 = 2;
  localparam int ID_IMG_ATOM_SUB_U32 = 440;
  // img.atom.sub.u32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_SUB_U32_RTN = 64'h00000000000008ad;
  localparam logic [63:0] MASK_IMG_ATOM_SUB_U32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_SUB_U32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_SUB_U32_RTN = 'h11;
  localparam int SIZE_IMG_ATOM_SUB_U32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_SUB_U32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_SUB_U32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_SUB_U32_RTN = 1;
  localparam int ID_IMG_ATOM_SUB_U32_RTN = 441;
  // img.atom.min.i32
  localparam logic [63:0] MATCH_IMG_ATOM_MIN_I32 = 64'h000000000000022d;
  localparam logic [63:0] MASK_IMG_ATOM_MIN_I32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_MIN_I32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_MIN_I32 = 'h4;
  localparam int SIZE_IMG_ATOM_MIN_I32 = 8;
  localparam int FORMAT_IMG_ATOM_MIN_I32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_MIN_I32 = 0;
  localparam int ASYNC_IMG_ATOM_MIN_I32 = 2;
  localparam int ID_IMG_ATOM_MIN_I32 = 442;
  // img.atom.min.i32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_MIN_I32_RTN = 64'h000000000000092d;
  localparam logic [63:0] MASK_IMG_ATOM_MIN_I32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_MIN_I32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_MIN_I32_RTN = 'h12;
  localparam int SIZE_IMG_ATOM_MIN_I32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_MIN_I32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_MIN_I32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_MIN_I32_RTN = 1;
  localparam int ID_IMG_ATOM_MIN_I32_RTN = 443;
  // img.atom.max.i32
  localparam logic [63:0] MATCH_IMG_ATOM_MAX_I32 = 64'h00000000000002ad;
  localparam logic [63:0] MASK_IMG_ATOM_MAX_I32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_MAX_I32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_MAX_I32 = 'h5;
  localparam int SIZE_IMG_ATOM_MAX_I32 = 8;
  localparam int FORMAT_IMG_ATOM_MAX_I32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_MAX_I32 = 0;
  localparam int ASYNC_IMG_ATOM_MAX_I32 = 2;
  localparam int ID_IMG_ATOM_MAX_I32 = 444;
  // img.atom.max.i32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_MAX_I32_RTN = 64'h00000000000009ad;
  localparam logic [63:0] MASK_IMG_ATOM_MAX_I32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_MAX_I32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_MAX_I32_RTN = 'h13;
  localparam int SIZE_IMG_ATOM_MAX_I32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_MAX_I32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_MAX_I32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_MAX_I32_RTN = 1;
  localparam int ID_IMG_ATOM_MAX_I32_RTN = 445;
  // img.atom.min.u32
  localparam logic [63:0] MATCH_IMG_ATOM_MIN_U32 = 64'h000000000000032d;
  localparam logic [63:0] MASK_IMG_ATOM_MIN_U32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_MIN_U32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_MIN_U32 = 'h6;
  localparam int SIZE_IMG_ATOM_MIN_U32 = 8;
  localparam int FORMAT_IMG_ATOM_MIN_U32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_MIN_U32 = 0;
  localparam int ASYNC_IMG_ATOM_MIN_U32 = 2;
  localparam int ID_IMG_ATOM_MIN_U32 = 446;
  // img.atom.min.u32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_MIN_U32_RTN = 64'h0000000000000a2d;
  localparam logic [63:0] MASK_IMG_ATOM_MIN_U32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_MIN_U32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_MIN_U32_RTN = 'h14;
  localparam int SIZE_IMG_ATOM_MIN_U32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_MIN_U32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_MIN_U32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_MIN_U32_RTN = 1;
  localparam int ID_IMG_ATOM_MIN_U32_RTN = 447;
  // img.atom.max.u32
  localparam logic [63:0] MATCH_IMG_ATOM_MAX_U32 = 64'h00000000000003ad;
  localparam logic [63:0] MASK_IMG_ATOM_MAX_U32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_MAX_U32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_MAX_U32 = 'h7;
  localparam int SIZE_IMG_ATOM_MAX_U32 = 8;
  localparam int FORMAT_IMG_ATOM_MAX_U32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_MAX_U32 = 0;
  localparam int ASYNC_IMG_ATOM_MAX_U32 = 2;
  localparam int ID_IMG_ATOM_MAX_U32 = 448;
  // img.atom.max.u32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_MAX_U32_RTN = 64'h0000000000000aad;
  localparam logic [63:0] MASK_IMG_ATOM_MAX_U32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_MAX_U32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_MAX_U32_RTN = 'h15;
  localparam int SIZE_IMG_ATOM_MAX_U32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_MAX_U32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_MAX_U32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_MAX_U32_RTN = 1;
  localparam int ID_IMG_ATOM_MAX_U32_RTN = 449;
  // img.atom.and.b32
  localparam logic [63:0] MATCH_IMG_ATOM_AND_B32 = 64'h000000000000042d;
  localparam logic [63:0] MASK_IMG_ATOM_AND_B32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_AND_B32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_AND_B32 = 'h8;
  localparam int SIZE_IMG_ATOM_AND_B32 = 8;
  localparam int FORMAT_IMG_ATOM_AND_B32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_AND_B32 = 0;
  localparam int ASYNC_IMG_ATOM_AND_B32 = 2;
  localparam int ID_IMG_ATOM_AND_B32 = 450;
  // img.atom.and.b32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_AND_B32_RTN = 64'h0000000000000b2d;
  localparam logic [63:0] MASK_IMG_ATOM_AND_B32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_AND_B32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_AND_B32_RTN = 'h16;
  localparam int SIZE_IMG_ATOM_AND_B32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_AND_B32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_AND_B32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_AND_B32_RTN = 1;
  localparam int ID_IMG_ATOM_AND_B32_RTN = 451;
  // img.atom.or.b32
  localparam logic [63:0] MATCH_IMG_ATOM_OR_B32 = 64'h00000000000004ad;
  localparam logic [63:0] MASK_IMG_ATOM_OR_B32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_OR_B32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_OR_B32 = 'h9;
  localparam int SIZE_IMG_ATOM_OR_B32 = 8;
  localparam int FORMAT_IMG_ATOM_OR_B32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_OR_B32 = 0;
  localparam int ASYNC_IMG_ATOM_OR_B32 = 2;
  localparam int ID_IMG_ATOM_OR_B32 = 452;
  // img.atom.or.b32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_OR_B32_RTN = 64'h0000000000000bad;
  localparam logic [63:0] MASK_IMG_ATOM_OR_B32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_OR_B32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_OR_B32_RTN = 'h17;
  localparam int SIZE_IMG_ATOM_OR_B32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_OR_B32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_OR_B32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_OR_B32_RTN = 1;
  localparam int ID_IMG_ATOM_OR_B32_RTN = 453;
  // img.atom.xor.b32
  localparam logic [63:0] MATCH_IMG_ATOM_XOR_B32 = 64'h000000000000052d;
  localparam logic [63:0] MASK_IMG_ATOM_XOR_B32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_XOR_B32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_XOR_B32 = 'ha;
  localparam int SIZE_IMG_ATOM_XOR_B32 = 8;
  localparam int FORMAT_IMG_ATOM_XOR_B32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_XOR_B32 = 0;
  localparam int ASYNC_IMG_ATOM_XOR_B32 = 2;
  localparam int ID_IMG_ATOM_XOR_B32 = 454;
  // img.atom.xor.b32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_XOR_B32_RTN = 64'h0000000000000c2d;
  localparam logic [63:0] MASK_IMG_ATOM_XOR_B32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_XOR_B32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_XOR_B32_RTN = 'h18;
  localparam int SIZE_IMG_ATOM_XOR_B32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_XOR_B32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_XOR_B32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_XOR_B32_RTN = 1;
  localparam int ID_IMG_ATOM_XOR_B32_RTN = 455;
  // img.atom.xchg.b32
  localparam logic [63:0] MATCH_IMG_ATOM_XCHG_B32 = 64'h00000000000005ad;
  localparam logic [63:0] MASK_IMG_ATOM_XCHG_B32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_XCHG_B32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_XCHG_B32 = 'hb;
  localparam int SIZE_IMG_ATOM_XCHG_B32 = 8;
  localparam int FORMAT_IMG_ATOM_XCHG_B32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_XCHG_B32 = 0;
  localparam int ASYNC_IMG_ATOM_XCHG_B32 = 2;
  localparam int ID_IMG_ATOM_XCHG_B32 = 456;
  // img.atom.xchg.b32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_XCHG_B32_RTN = 64'h0000000000000cad;
  localparam logic [63:0] MASK_IMG_ATOM_XCHG_B32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_XCHG_B32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_XCHG_B32_RTN = 'h19;
  localparam int SIZE_IMG_ATOM_XCHG_B32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_XCHG_B32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_XCHG_B32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_XCHG_B32_RTN = 1;
  localparam int ID_IMG_ATOM_XCHG_B32_RTN = 457;
  // img.atom.cmpxchg.b32
  localparam logic [63:0] MATCH_IMG_ATOM_CMPXCHG_B32 = 64'h000000000000062d;
  localparam logic [63:0] MASK_IMG_ATOM_CMPXCHG_B32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_CMPXCHG_B32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_CMPXCHG_B32 = 'hc;
  localparam int SIZE_IMG_ATOM_CMPXCHG_B32 = 8;
  localparam int FORMAT_IMG_ATOM_CMPXCHG_B32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_CMPXCHG_B32 = 0;
  localparam int ASYNC_IMG_ATOM_CMPXCHG_B32 = 2;
  localparam int ID_IMG_ATOM_CMPXCHG_B32 = 458;
  // img.atom.cmpxchg.b32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_CMPXCHG_B32_RTN = 64'h0000000000000d2d;
  localparam logic [63:0] MASK_IMG_ATOM_CMPXCHG_B32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_CMPXCHG_B32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_CMPXCHG_B32_RTN = 'h1a;
  localparam int SIZE_IMG_ATOM_CMPXCHG_B32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_CMPXCHG_B32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_CMPXCHG_B32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_CMPXCHG_B32_RTN = 1;
  localparam int ID_IMG_ATOM_CMPXCHG_B32_RTN = 459;
  // img.atom.inc.u32
  localparam logic [63:0] MATCH_IMG_ATOM_INC_U32 = 64'h00000000000006ad;
  localparam logic [63:0] MASK_IMG_ATOM_INC_U32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_INC_U32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_INC_U32 = 'hd;
  localparam int SIZE_IMG_ATOM_INC_U32 = 8;
  localparam int FORMAT_IMG_ATOM_INC_U32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_INC_U32 = 0;
  localparam int ASYNC_IMG_ATOM_INC_U32 = 2;
  localparam int ID_IMG_ATOM_INC_U32 = 460;
  // img.atom.inc.u32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_INC_U32_RTN = 64'h0000000000000dad;
  localparam logic [63:0] MASK_IMG_ATOM_INC_U32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_INC_U32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_INC_U32_RTN = 'h1b;
  localparam int SIZE_IMG_ATOM_INC_U32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_INC_U32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_INC_U32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_INC_U32_RTN = 1;
  localparam int ID_IMG_ATOM_INC_U32_RTN = 461;
  // img.atom.dec.u32
  localparam logic [63:0] MATCH_IMG_ATOM_DEC_U32 = 64'h000000000000072d;
  localparam logic [63:0] MASK_IMG_ATOM_DEC_U32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_DEC_U32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_DEC_U32 = 'he;
  localparam int SIZE_IMG_ATOM_DEC_U32 = 8;
  localparam int FORMAT_IMG_ATOM_DEC_U32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_DEC_U32 = 0;
  localparam int ASYNC_IMG_ATOM_DEC_U32 = 2;
  localparam int ID_IMG_ATOM_DEC_U32 = 462;
  // img.atom.dec.u32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_DEC_U32_RTN = 64'h0000000000000e2d;
  localparam logic [63:0] MASK_IMG_ATOM_DEC_U32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_DEC_U32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_DEC_U32_RTN = 'h1c;
  localparam int SIZE_IMG_ATOM_DEC_U32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_DEC_U32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_DEC_U32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_DEC_U32_RTN = 1;
  localparam int ID_IMG_ATOM_DEC_U32_RTN = 463;
  // img.atom.fadd.f32
  localparam logic [63:0] MATCH_IMG_ATOM_FADD_F32 = 64'h00000000000007ad;
  localparam logic [63:0] MASK_IMG_ATOM_FADD_F32 = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_FADD_F32 = 7'h2d;
  localparam int FUNCT_IMG_ATOM_FADD_F32 = 'hf;
  localparam int SIZE_IMG_ATOM_FADD_F32 = 8;
  localparam int FORMAT_IMG_ATOM_FADD_F32 = FMT_T;
  localparam int LATENCY_IMG_ATOM_FADD_F32 = 0;
  localparam int ASYNC_IMG_ATOM_FADD_F32 = 2;
  localparam int ID_IMG_ATOM_FADD_F32 = 464;
  // img.atom.fadd.f32.rtn
  localparam logic [63:0] MATCH_IMG_ATOM_FADD_F32_RTN = 64'h0000000000000ead;
  localparam logic [63:0] MASK_IMG_ATOM_FADD_F32_RTN = 64'hc000003f1c000fff;
  localparam logic [6:0] OPCODE_IMG_ATOM_FADD_F32_RTN = 7'h2d;
  localparam int FUNCT_IMG_ATOM_FADD_F32_RTN = 'h1d;
  localparam int SIZE_IMG_ATOM_FADD_F32_RTN = 8;
  localparam int FORMAT_IMG_ATOM_FADD_F32_RTN = FMT_T;
  localparam int LATENCY_IMG_ATOM_FADD_F32_RTN = 0;
  localparam int ASYNC_IMG_ATOM_FADD_F32_RTN = 1;
  localparam int ID_IMG_ATOM_FADD_F32_RTN = 465;
  // interlock.begin
  localparam logic [31:0] MATCH_INTERLOCK_BEGIN = 32'h000003ce;
  localparam logic [31:0] MASK_INTERLOCK_BEGIN = 32'hffffffff;
  localparam logic [6:0] OPCODE_INTERLOCK_BEGIN = 7'h4e;
  localparam int FUNCT_INTERLOCK_BEGIN = 'h7;
  localparam int SIZE_INTERLOCK_BEGIN = 4;
  localparam int FORMAT_INTERLOCK_BEGIN = FMT_SYS;
  localparam int LATENCY_INTERLOCK_BEGIN = 1;
  localparam int ASYNC_INTERLOCK_BEGIN = 0;
  localparam int ID_INTERLOCK_BEGIN = 466;
  // interlock.end
  localparam logic [31:0] MATCH_INTERLOCK_END = 32'h0000044e;
  localparam logic [31:0] MASK_INTERLOCK_END = 32'hffffffff;
  localparam logic [6:0] OPCODE_INTERLOCK_END = 7'h4e;
  localparam int FUNCT_INTERLOCK_END = 'h8;
  localparam int SIZE_INTERLOCK_END = 4;
  localparam int FORMAT_INTERLOCK_END = FMT_SYS;
  localparam int LATENCY_INTERLOCK_END = 1;
  localparam int ASYNC_INTERLOCK_END = 0;
  localparam int ID_INTERLOCK_END = 467;
  // interp.persp.center
  localparam logic [31:0] MATCH_INTERP_PERSP_CENTER = 32'h00000054;
  localparam logic [31:0] MASK_INTERP_PERSP_CENTER = 32'h01fc07ff;
  localparam logic [6:0] OPCODE_INTERP_PERSP_CENTER = 7'h54;
  localparam int FUNCT_INTERP_PERSP_CENTER = 'h0;
  localparam int SIZE_INTERP_PERSP_CENTER = 4;
  localparam int FORMAT_INTERP_PERSP_CENTER = FMT_R;
  localparam int LATENCY_INTERP_PERSP_CENTER = 0;
  localparam int ASYNC_INTERP_PERSP_CENTER = 3;
  localparam int ID_INTERP_PERSP_CENTER = 468;
  // interp.persp.centroid
  localparam logic [31:0] MATCH_INTERP_PERSP_CENTROID = 32'h000000d4;
  localparam logic [31:0] MASK_INTERP_PERSP_CENTROID = 32'h01fc07ff;
  localparam logic [6:0] OPCODE_INTERP_PERSP_CENTROID = 7'h54;
  localparam int FUNCT_INTERP_PERSP_CENTROID = 'h1;
  localparam int SIZE_INTERP_PERSP_CENTROID = 4;
  localparam int FORMAT_INTERP_PERSP_CENTROID = FMT_R;
  localparam int LATENCY_INTERP_PERSP_CENTROID = 0;
  localparam int ASYNC_INTERP_PERSP_CENTROID = 3;
  localparam int ID_INTERP_PERSP_CENTROID = 469;
  // interp.persp.sample
  localparam logic [31:0] MATCH_INTERP_PERSP_SAMPLE = 32'h00000154;
  localparam logic [31:0] MASK_INTERP_PERSP_SAMPLE = 32'h01fc07ff;
  localparam logic [6:0] OPCODE_INTERP_PERSP_SAMPLE = 7'h54;
  localparam int FUNCT_INTERP_PERSP_SAMPLE = 'h2;
  localparam int SIZE_INTERP_PERSP_SAMPLE = 4;
  localparam int FORMAT_INTERP_PERSP_SAMPLE = FMT_R;
  localparam int LATENCY_INTERP_PERSP_SAMPLE = 0;
  localparam int ASYNC_INTERP_PERSP_SAMPLE = 3;
  localparam int ID_INTERP_PERSP_SAMPLE = 470;
  // interp.persp.offset
  localparam logic [31:0] MATCH_INTERP_PERSP_OFFSET = 32'h000001d4;
  localparam logic [31:0] MASK_INTERP_PERSP_OFFSET = 32'h000007ff;
  localparam logic [6:0] OPCODE_INTERP_PERSP_OFFSET = 7'h54;
  localparam int FUNCT_INTERP_PERSP_OFFSET = 'h3;
  localparam int SIZE_INTERP_PERSP_OFFSET = 4;
  localparam int FORMAT_INTERP_PERSP_OFFSET = FMT_R;
  localparam int LATENCY_INTERP_PERSP_OFFSET = 0;
  localparam int ASYNC_INTERP_PERSP_OFFSET = 3;
  localparam int ID_INTERP_PERSP_OFFSET = 471;
  // interp.persp.atsample
  localparam logic [31:0] MATCH_INTERP_PERSP_ATSAMPLE = 32'h00000254;
  localparam logic [31:0] MASK_INTERP_PERSP_ATSAMPLE = 32'h000007ff;
  localparam logic [6:0] OPCODE_INTERP_PERSP_ATSAMPLE = 7'h54;
  localparam int FUNCT_INTERP_PERSP_ATSAMPLE = 'h4;
  localparam int SIZE_INTERP_PERSP_ATSAMPLE = 4;
  localparam int FORMAT_INTERP_PERSP_ATSAMPLE = FMT_R;
  localparam int LATENCY_INTERP_PERSP_ATSAMPLE = 0;
  localparam int ASYNC_INTERP_PERSP_ATSAMPLE = 3;
  localparam int ID_INTERP_PERSP_ATSAMPLE = 472;
  // interp.linear.center
  localparam logic [31:0] MATCH_INTERP_LINEAR_CENTER = 32'h000002d4;
  localparam logic [31:0] MASK_INTERP_LINEAR_CENTER = 32'h01fc07ff;
  localparam logic [6:0] OPCODE_INTERP_LINEAR_CENTER = 7'h54;
  localparam int FUNCT_INTERP_LINEAR_CENTER = 'h5;
  localparam int SIZE_INTERP_LINEAR_CENTER = 4;
  localparam int FORMAT_INTERP_LINEAR_CENTER = FMT_R;
  localparam int LATENCY_INTERP_LINEAR_CENTER = 0;
  localparam int ASYNC_INTERP_LINEAR_CENTER = 3;
  localparam int ID_INTERP_LINEAR_CENTER = 473;
  // interp.linear.centroid
  localparam logic [31:0] MATCH_INTERP_LINEAR_CENTROID = 32'h00000354;
  localparam logic [31:0] MASK_INTERP_LINEAR_CENTROID = 32'h01fc07ff;
  localparam logic [6:0] OPCODE_INTERP_LINEAR_CENTROID = 7'h54;
  localparam int FUNCT_INTERP_LINEAR_CENTROID = 'h6;
  localparam int SIZE_INTERP_LINEAR_CENTROID = 4;
  localparam int FORMAT_INTERP_LINEAR_CENTROID = FMT_R;
  localparam int LATENCY_INTERP_LINEAR_CENTROID = 0;
  localparam int ASYNC_INTERP_LINEAR_CENTROID = 3;
  localparam int ID_INTERP_LINEAR_CENTROID = 474;
  // interp.linear.sample
  localparam logic [31:0] MATCH_INTERP_LINEAR_SAMPLE = 32'h000003d4;
  localparam logic [31:0] MASK_INTERP_LINEAR_SAMPLE = 32'h01fc07ff;
  localparam logic [6:0] OPCODE_INTERP_LINEAR_SAMPLE = 7'h54;
  localparam int FUNCT_INTERP_LINEAR_SAMPLE = 'h7;
  localparam int SIZE_INTERP_LINEAR_SAMPLE = 4;
  localparam int FORMAT_INTERP_LINEAR_SAMPLE = FMT_R;
  localparam int LATENCY_INTERP_LINEAR_SAMPLE = 0;
  localparam int ASYNC_INTERP_LINEAR_SAMPLE = 3;
  localparam int ID_INTERP_LINEAR_SAMPLE = 475;
  // interp.linear.offset
  localparam logic [31:0] MATCH_INTERP_LINEAR_OFFSET = 32'h00000454;
  localparam logic [31:0] MASK_INTERP_LINEAR_OFFSET = 32'h000007ff;
  localparam logic [6:0] OPCODE_INTERP_LINEAR_OFFSET = 7'h54;
  localparam int FUNCT_INTERP_LINEAR_OFFSET = 'h8;
  localparam int SIZE_INTERP_LINEAR_OFFSET = 4;
  localparam int FORMAT_INTERP_LINEAR_OFFSET = FMT_R;
  localparam int LATENCY_INTERP_LINEAR_OFFSET = 0;
  localparam int ASYNC_INTERP_LINEAR_OFFSET = 3;
  localparam int ID_INTERP_LINEAR_OFFSET = 476;
  // interp.linear.atsample
  localparam logic [31:0] MATCH_INTERP_LINEAR_ATSAMPLE = 32'h000004d4;
  localparam logic [31:0] MASK_INTERP_LINEAR_ATSAMPLE = 32'h000007ff;
  localparam logic [6:0] OPCODE_INTERP_LINEAR_ATSAMPLE = 7'h54;
  localparam int FUNCT_INTERP_LINEAR_ATSAMPLE = 'h9;
  localparam int SIZE_INTERP_LINEAR_ATSAMPLE = 4;
  localparam int FORMAT_INTERP_LINEAR_ATSAMPLE = FMT_R;
  localparam int LATENCY_INTERP_LINEAR_ATSAMPLE = 0;
  localparam int ASYNC_INTERP_LINEAR_ATSAMPLE = 3;
  localparam int ID_INTERP_LINEAR_ATSAMPLE = 477;
  // interp.flat
  localparam logic [31:0] MATCH_INTERP_FLAT = 32'h00000554;
  localparam logic [31:0] MASK_INTERP_FLAT = 32'h01fc07ff;
  localparam logic [6:0] OPCODE_INTERP_FLAT = 7'h54;
  localparam int FUNCT_INTERP_FLAT = 'ha;
  localparam int SIZE_INTERP_FLAT = 4;
  localparam int FORMAT_INTERP_FLAT = FMT_R;
  localparam int LATENCY_INTERP_FLAT = 0;
  localparam int ASYNC_INTERP_FLAT = 3;
  localparam int ID_INTERP_FLAT = 478;
  // interp.coef
  localparam logic [31:0] MATCH_INTERP_COEF = 32'h000005d4;
  localparam logic [31:0] MASK_INTERP_COEF = 32'h01fc07ff;
  localparam logic [6:0] OPCODE_INTERP_COEF = 7'h54;
  localparam int FUNCT_INTERP_COEF = 'hb;
  localparam int SIZE_INTERP_COEF = 4;
  localparam int FORMAT_INTERP_COEF = FMT_R;
  localparam int LATENCY_INTERP_COEF = 0;
  localparam int ASYNC_INTERP_COEF = 3;
  localparam int ID_INTERP_COEF = 479;
  // bary.persp.center
  localparam logic [31:0] MATCH_BARY_PERSP_CENTER = 32'h00000056;
  localparam logic [31:0] MASK_BARY_PERSP_CENTER = 32'hfe03ffff;
  localparam logic [6:0] OPCODE_BARY_PERSP_CENTER = 7'h56;
  localparam int FUNCT_BARY_PERSP_CENTER = 'h0;
  localparam int SIZE_BARY_PERSP_CENTER = 4;
  localparam int FORMAT_BARY_PERSP_CENTER = FMT_R1;
  localparam int LATENCY_BARY_PERSP_CENTER = 0;
  localparam int ASYNC_BARY_PERSP_CENTER = 3;
  localparam int ID_BARY_PERSP_CENTER = 480;
  // bary.persp.centroid
  localparam logic [31:0] MATCH_BARY_PERSP_CENTROID = 32'h000000d6;
  localparam logic [31:0] MASK_BARY_PERSP_CENTROID = 32'hfe03ffff;
  localparam logic [6:0] OPCODE_BARY_PERSP_CENTROID = 7'h56;
  localparam int FUNCT_BARY_PERSP_CENTROID = 'h1;
  localparam int SIZE_BARY_PERSP_CENTROID = 4;
  localparam int FORMAT_BARY_PERSP_CENTROID = FMT_R1;
  localparam int LATENCY_BARY_PERSP_CENTROID = 0;
  localparam int ASYNC_BARY_PERSP_CENTROID = 3;
  localparam int ID_BARY_PERSP_CENTROID = 481;
  // bary.persp.sample
  localparam logic [31:0] MATCH_BARY_PERSP_SAMPLE = 32'h00000156;
  localparam logic [31:0] MASK_BARY_PERSP_SAMPLE = 32'hfe03ffff;
  localparam logic [6:0] OPCODE_BARY_PERSP_SAMPLE = 7'h56;
  localparam int FUNCT_BARY_PERSP_SAMPLE = 'h2;
  localparam int SIZE_BARY_PERSP_SAMPLE = 4;
  localparam int FORMAT_BARY_PERSP_SAMPLE = FMT_R1;
  localparam int LATENCY_BARY_PERSP_SAMPLE = 0;
  localparam int ASYNC_BARY_PERSP_SAMPLE = 3;
  localparam int ID_BARY_PERSP_SAMPLE = 482;
  // bary.linear.center
  localparam logic [31:0] MATCH_BARY_LINEAR_CENTER = 32'h000001d6;
  localparam logic [31:0] MASK_BARY_LINEAR_CENTER = 32'hfe03ffff;
  localparam logic [6:0] OPCODE_BARY_LINEAR_CENTER = 7'h56;
  localparam int FUNCT_BARY_LINEAR_CENTER = 'h3;
  localparam int SIZE_BARY_LINEAR_CENTER = 4;
  localparam int FORMAT_BARY_LINEAR_CENTER = FMT_R1;
  localparam int LATENCY_BARY_LINEAR_CENTER = 0;
  localparam int ASYNC_BARY_LINEAR_CENTER = 3;
  localparam int ID_BARY_LINEAR_CENTER = 483;
  // bary.linear.centroid
  localparam logic [31:0] MATCH_BARY_LINEAR_CENTROID = 32'h00000256;
  localparam logic [31:0] MASK_BARY_LINEAR_CENTROID = 32'hfe03ffff;
  localparam logic [6:0] OPCODE_BARY_LINEAR_CENTROID = 7'h56;
  localparam int FUNCT_BARY_LINEAR_CENTROID = 'h4;
  localparam int SIZE_BARY_LINEAR_CENTROID = 4;
  localparam int FORMAT_BARY_LINEAR_CENTROID = FMT_R1;
  localparam int LATENCY_BARY_LINEAR_CENTROID = 0;
  localparam int ASYNC_BARY_LINEAR_CENTROID = 3;
  localparam int ID_BARY_LINEAR_CENTROID = 484;
  // bary.linear.sample
  localparam logic [31:0] MATCH_BARY_LINEAR_SAMPLE = 32'h000002d6;
  localparam logic [31:0] MASK_BARY_LINEAR_SAMPLE = 32'hfe03ffff;
  localparam logic [6:0] OPCODE_BARY_LINEAR_SAMPLE = 7'h56;
  localparam int FUNCT_BARY_LINEAR_SAMPLE = 'h5;
  localparam int SIZE_BARY_LINEAR_SAMPLE = 4;
  localparam int FORMAT_BARY_LINEAR_SAMPLE = FMT_R1;
  localparam int LATENCY_BARY_LINEAR_SAMPLE = 0;
  localparam int ASYNC_BARY_LINEAR_SAMPLE = 3;
  localparam int ID_BARY_LINEAR_SAMPLE = 485;
  // cov.get
  localparam logic [31:0] MATCH_COV_GET = 32'h00000356;
  localparam logic [31:0] MASK_COV_GET = 32'hfe03ffff;
  localparam logic [6:0] OPCODE_COV_GET = 7'h56;
  localparam int FUNCT_COV_GET = 'h6;
  localparam int SIZE_COV_GET = 4;
  localparam int FORMAT_COV_GET = FMT_R1;
  localparam int LATENCY_COV_GET = 2;
  localparam int ASYNC_COV_GET = 0;
  localparam int ID_COV_GET = 486;
  // smask.and
  localparam logic [31:0] MATCH_SMASK_AND = 32'h000003d6;
  localparam logic [31:0] MASK_SMASK_AND = 32'h01ffffff;
  localparam logic [6:0] OPCODE_SMASK_AND = 7'h56;
  localparam int FUNCT_SMASK_AND = 'h7;
  localparam int SIZE_SMASK_AND = 4;
  localparam int FORMAT_SMASK_AND = FMT_R1;
  localparam int LATENCY_SMASK_AND = 2;
  localparam int ASYNC_SMASK_AND = 0;
  localparam int ID_SMASK_AND = 487;
  // demote
  localparam logic [31:0] MATCH_DEMOTE = 32'h00000058;
  localparam logic [31:0] MASK_DEMOTE = 32'h03ffffff;
  localparam logic [6:0] OPCODE_DEMOTE = 7'h58;
  localparam int FUNCT_DEMOTE = 'h0;
  localparam int SIZE_DEMOTE = 4;
  localparam int FORMAT_DEMOTE = FMT_U1;
  localparam int LATENCY_DEMOTE = 2;
  localparam int ASYNC_DEMOTE = 0;
  localparam int ID_DEMOTE = 488;
  // discard
  localparam logic [31:0] MATCH_DISCARD = 32'h000000d8;
  localparam logic [31:0] MASK_DISCARD = 32'h03ffffff;
  localparam logic [6:0] OPCODE_DISCARD = 7'h58;
  localparam int FUNCT_DISCARD = 'h1;
  localparam int SIZE_DISCARD = 4;
  localparam int FORMAT_DISCARD = FMT_U1;
  localparam int LATENCY_DISCARD = 2;
  localparam int ASYNC_DISCARD = 0;
  localparam int ID_DISCARD = 489;
  // helper.get
  localparam logic [31:0] MATCH_HELPER_GET = 32'h00000158;
  localparam logic [31:0] MASK_HELPER_GET = 32'hfc0fffff;
  localparam logic [6:0] OPCODE_HELPER_GET = 7'h58;
  localparam int FUNCT_HELPER_GET = 'h2;
  localparam int SIZE_HELPER_GET = 4;
  localparam int FORMAT_HELPER_GET = FMT_U1;
  localparam int LATENCY_HELPER_GET = 2;
  localparam int ASYNC_HELPER_GET = 0;
  localparam int ID_HELPER_GET = 490;
  // live.get
  localparam logic [31:0] MATCH_LIVE_GET = 32'h000001d8;
  localparam logic [31:0] MASK_LIVE_GET = 32'hfc0fffff;
  localparam logic [6:0] OPCODE_LIVE_GET = 7'h58;
  localparam int FUNCT_LIVE_GET = 'h3;
  localparam int SIZE_LIVE_GET = 4;
  localparam int FORMAT_LIVE_GET = FMT_U1;
  localparam int LATENCY_LIVE_GET = 2;
  localparam int ASYNC_LIVE_GET = 0;
  localparam int ID_LIVE_GET = 491;
  // tile.ld.b32
  localparam logic [31:0] MATCH_TILE_LD_B32 = 32'h0000005a;
  localparam logic [31:0] MASK_TILE_LD_B32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_TILE_LD_B32 = 7'h5a;
  localparam int FUNCT_TILE_LD_B32 = 'h0;
  localparam int SIZE_TILE_LD_B32 = 4;
  localparam int FORMAT_TILE_LD_B32 = FMT_R;
  localparam int LATENCY_TILE_LD_B32 = 0;
  localparam int ASYNC_TILE_LD_B32 = 3;
  localparam int ID_TILE_LD_B32 = 492;
  // tile.ld.b64
  localparam logic [31:0] MATCH_TILE_LD_B64 = 32'h000000da;
  localparam logic [31:0] MASK_TILE_LD_B64 = 32'h000007ff;
  localparam logic [6:0] OPCODE_TILE_LD_B64 = 7'h5a;
  localparam int FUNCT_TILE_LD_B64 = 'h1;
  localparam int SIZE_TILE_LD_B64 = 4;
  localparam int FORMAT_TILE_LD_B64 = FMT_R;
  localparam int LATENCY_TILE_LD_B64 = 0;
  localparam int ASYNC_TILE_LD_B64 = 3;
  localparam int ID_TILE_LD_B64 = 493;
  // tile.ld.b128
  localparam logic [31:0] MATCH_TILE_LD_B128 = 32'h0000015a;
  localparam logic [31:0] MASK_TILE_LD_B128 = 32'h000007ff;
  localparam logic [6:0] OPCODE_TILE_LD_B128 = 7'h5a;
  localparam int FUNCT_TILE_LD_B128 = 'h2;
  localparam int SIZE_TILE_LD_B128 = 4;
  localparam int FORMAT_TILE_LD_B128 = FMT_R;
  localparam int LATENCY_TILE_LD_B128 = 0;
  localparam int ASYNC_TILE_LD_B128 = 3;
  localparam int ID_TILE_LD_B128 = 494;
  // tile.st.b32
  localparam logic [31:0] MATCH_TILE_ST_B32 = 32'h000001da;
  localparam logic [31:0] MASK_TILE_ST_B32 = 32'h000007ff;
  localparam logic [6:0] OPCODE_TILE_ST_B32 = 7'h5a;
  localparam int FUNCT_TILE_ST_B32 = 'h3;
  localparam int SIZE_TILE_ST_B32 = 4;
  localparam int FORMAT_TILE_ST_B32 = FMT_R;
  localparam int LATENCY_TILE_ST_B32 = 0;
  localparam int ASYNC_TILE_ST_B32 = 3;
  localparam int ID_TILE_ST_B32 = 495;
  // tile.st.b64
  localparam logic [31:0] MATCH_TILE_ST_B64 = 32'h0000025a;
  localparam logic [31:0] MASK_TILE_ST_B64 = 32'h000007ff;
  localparam logic [6:0] OPCODE_TILE_ST_B64 = 7'h5a;
  localparam int FUNCT_TILE_ST_B64 = 'h4;
  localparam int SIZE_TILE_ST_B64 = 4;
  localparam int FORMAT_TILE_ST_B64 = FMT_R;
  localparam int LATENCY_TILE_ST_B64 = 0;
  localparam int ASYNC_TILE_ST_B64 = 3;
  localparam int ID_TILE_ST_B64 = 496;
  // tile.st.b128
  localparam logic [31:0] MATCH_TILE_ST_B128 = 32'h000002da;
  localparam logic [31:0] MASK_TILE_ST_B128 = 32'h000007ff;
  localparam logic [6:0] OPCODE_TILE_ST_B128 = 7'h5a;
  localparam int FUNCT_TILE_ST_B128 = 'h5;
  localparam int SIZE_TILE_ST_B128 = 4;
  localparam int FORMAT_TILE_ST_B128 = FMT_R;
  localparam int LATENCY_TILE_ST_B128 = 0;
  localparam int ASYNC_TILE_ST_B128 = 3;
  localparam int ID_TILE_ST_B128 = 497;
  // zs.test.z
  localparam logic [31:0] MATCH_ZS_TEST_Z = 32'h0000005c;
  localparam logic [31:0] MASK_ZS_TEST_Z = 32'hfe0007ff;
  localparam logic [6:0] OPCODE_ZS_TEST_Z = 7'h5c;
  localparam int FUNCT_ZS_TEST_Z = 'h0;
  localparam int SIZE_ZS_TEST_Z = 4;
  localparam int FORMAT_ZS_TEST_Z = FMT_R;
  localparam int LATENCY_ZS_TEST_Z = 0;
  localparam int ASYNC_ZS_TEST_Z = 3;
  localparam int ID_ZS_TEST_Z = 498;
  // zs.test.s
  localparam logic [31:0] MATCH_ZS_TEST_S = 32'h000000dc;
  localparam logic [31:0] MASK_ZS_TEST_S = 32'h01fc07ff;
  localparam logic [6:0] OPCODE_ZS_TEST_S = 7'h5c;
  localparam int FUNCT_ZS_TEST_S = 'h1;
  localparam int SIZE_ZS_TEST_S = 4;
  localparam int FORMAT_ZS_TEST_S = FMT_R;
  localparam int LATENCY_ZS_TEST_S = 0;
  localparam int ASYNC_ZS_TEST_S = 3;
  localparam int ID_ZS_TEST_S = 499;
  // zs.test.zs
  localparam logic [31:0] MATCH_ZS_TEST_ZS = 32'h0000015c;
  localparam logic [31:0] MASK_ZS_TEST_ZS = 32'h000007ff;
  localparam logic [6:0] OPCODE_ZS_TEST_ZS = 7'h5c;
  localparam int FUNCT_ZS_TEST_ZS = 'h2;
  localparam int SIZE_ZS_TEST_ZS = 4;
  localparam int FORMAT_ZS_TEST_ZS = FMT_R;
  localparam int LATENCY_ZS_TEST_ZS = 0;
  localparam int ASYNC_ZS_TEST_ZS = 3;
  localparam int ID_ZS_TEST_ZS = 500;

  // Reserved values (no mask can say them): variant, field, bits, values that do not decode.
  //   FADD_F32_M RM [47:45] 5..6
  //   FMUL_F32_M RM [47:45] 5..6
  //   PKCVT_F16_F32_M RM [47:45] 5..6
  //   FFMA_F32 RM [47:45] 5..6
  //   PKFMA_F16 RM [47:45] 5..6
  //   FCVT_F32_I32_M RM [47:45] 5..6
  //   FCVT_F32_U32_M RM [47:45] 5..6
  //   FCVT_I32_F32_M RM [47:45] 5..6
  //   FCVT_U32_F32_M RM [47:45] 5..6
  //   FCVT_F16_F32_LO_M RM [47:45] 5..6
  //   FCVT_F16_F32_HI_M RM [47:45] 5..6
  //   FADD_F16 RM [51:49] 5..6
  //   FSUB_F16 RM [51:49] 5..6
  //   FMUL_F16 RM [51:49] 5..6
  //   FFMA_F16 RM [51:49] 5..6
  //   TEX_SAMPLE DIM [41:38] 10..15
  //   TEX_SAMPLE_B DIM [41:38] 10..15
  //   TEX_SAMPLE_L DIM [41:38] 10..15
  //   TEX_SAMPLE_LZ DIM [41:38] 10..15
  //   TEX_SAMPLE_D DIM [41:38] 10..15
  //   TEX_SAMPLE_C DIM [41:38] 10..15
  //   TEX_SAMPLE_C_B DIM [41:38] 10..15
  //   TEX_SAMPLE_C_L DIM [41:38] 10..15
  //   TEX_SAMPLE_C_LZ DIM [41:38] 10..15
  //   TEX_SAMPLE_C_D DIM [41:38] 10..15
  //   TEX_GATHER4 DIM [41:38] 10..15
  //   TEX_GATHER4_C DIM [41:38] 10..15
  //   TEX_FETCH DIM [41:38] 10..15
  //   TEX_QUERY_LOD DIM [41:38] 10..15
  //   TEX_QUERY_SIZE DIM [41:38] 10..15
  //   TEX_QUERY_LEVELS DIM [41:38] 10..15
  //   TEX_QUERY_SAMPLES DIM [41:38] 10..15
  //   IMG_LOAD DIM [41:38] 10..15
  //   IMG_STORE DIM [41:38] 10..15
  //   IMG_ATOM_ADD_U32 DIM [41:38] 10..15
  //   IMG_ATOM_ADD_U32_RTN DIM [41:38] 10..15
  //   IMG_ATOM_SUB_U32 DIM [41:38] 10..15
  //   IMG_ATOM_SUB_U32_RTN DIM [41:38] 10..15
  //   IMG_ATOM_MIN_I32 DIM [41:38] 10..15
  //   IMG_ATOM_MIN_I32_RTN DIM [41:38] 10..15
  //   IMG_ATOM_MAX_I32 DIM [41:38] 10..15
  //   IMG_ATOM_MAX_I32_RTN DIM [41:38] 10..15
  //   IMG_ATOM_MIN_U32 DIM [41:38] 10..15
  //   IMG_ATOM_MIN_U32_RTN DIM [41:38] 10..15
  //   IMG_ATOM_MAX_U32 DIM [41:38] 10..15
  //   IMG_ATOM_MAX_U32_RTN DIM [41:38] 10..15
  //   IMG_ATOM_AND_B32 DIM [41:38] 10..15
  //   IMG_ATOM_AND_B32_RTN DIM [41:38] 10..15
  //   IMG_ATOM_OR_B32 DIM [41:38] 10..15
  //   IMG_ATOM_OR_B32_RTN DIM [41:38] 10..15
  //   IMG_ATOM_XOR_B32 DIM [41:38] 10..15
  //   IMG_ATOM_XOR_B32_RTN DIM [41:38] 10..15
  //   IMG_ATOM_XCHG_B32 DIM [41:38] 10..15
  //   IMG_ATOM_XCHG_B32_RTN DIM [41:38] 10..15
  //   IMG_ATOM_CMPXCHG_B32 RD [18:12] 127..127
  //   IMG_ATOM_CMPXCHG_B32 DIM [41:38] 10..15
  //   IMG_ATOM_CMPXCHG_B32_RTN DIM [41:38] 10..15
  //   IMG_ATOM_INC_U32 DIM [41:38] 10..15
  //   IMG_ATOM_INC_U32_RTN DIM [41:38] 10..15
  //   IMG_ATOM_DEC_U32 DIM [41:38] 10..15
  //   IMG_ATOM_DEC_U32_RTN DIM [41:38] 10..15
  //   IMG_ATOM_FADD_F32 DIM [41:38] 10..15
  //   IMG_ATOM_FADD_F32_RTN DIM [41:38] 10..15
  //   INTERP_PERSP_OFFSET RS1 [24:18] 127..127
  //   INTERP_LINEAR_OFFSET RS1 [24:18] 127..127
  //   INTERP_COEF RD [17:11] 126..127
  //   BARY_PERSP_CENTER RD [24:18] 127..127
  //   BARY_PERSP_CENTROID RD [24:18] 127..127
  //   BARY_PERSP_SAMPLE RD [24:18] 127..127
  //   BARY_LINEAR_CENTER RD [24:18] 127..127
  //   BARY_LINEAR_CENTROID RD [24:18] 127..127
  //   BARY_LINEAR_SAMPLE RD [24:18] 127..127
  //   TILE_LD_B64 RD [17:11] 127..127
  //   TILE_LD_B128 RD [17:11] 125..127
  //   TILE_ST_B64 RD [17:11] 127..127
  //   TILE_ST_B128 RD [17:11] 125..127

endpackage
