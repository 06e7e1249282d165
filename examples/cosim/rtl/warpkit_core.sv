// A small RTL model of part of the warpkit ISA: one warp, a 32-lane integer datapath with EXEC
// masking, uniform registers, EXEC control and branches (a subset of manual chapter 6.1,
// listed in README.md beside this file). Written in the SystemVerilog subset Icarus Verilog
// accepts with -g2012.
//
// Decoding uses only the generated package warpkit_isa_pkg (`warpkit export --sv`): every
// variant is recognised by `(insn & MASK_X) == MATCH_X`, its fields are cut at
// FMT_<format>_<field>_LO / _WIDTH, and it retires after LATENCY_X cycles. A word no
// MATCH/MASK pair of the subset accepts traps with cause 1 (IllegalInsn), as does a vector
// register at or above `vgprs`; a PC past the code traps with cause 2 (FetchFault). PC equal
// to the code size ends the warp (`exited`).
//
// Retirement port, after RVFI (riscv-formal): one cycle of `rvfi_valid` per retired or
// trapping instruction with
//   rvfi_order            0, 1, 2, ... per warp
//   rvfi_pc_rdata/_wdata  PC of the instruction / of the next one
//   rvfi_insn             the instruction word
//   rvfi_exec_rdata/_wdata EXEC before / after
//   rvfi_trap, rvfi_cause a trap (nothing written; the warp stops) and its cause
//   rvfi_rd_file          0 no register written, 1 a vector register, 2 a uniform register
//   rvfi_rd_addr          the register number
//   rvfi_rd_wdata         vector: the register after the instruction, lane i in bits
//                         32*i+31 : 32*i (lanes outside the mask keep their value);
//                         uniform: the value in bits 31:0
//   rvfi_rd_wmask         vector: the lanes written (EXEC); uniform: 1
//
// `define WK_BUG_LANE_CARRY seeds a defect for the testbench to find: in lane BUG_LANE the
// adder loses the carry from bit 15 into bit 16.

`default_nettype none

module warpkit_core
  import warpkit_isa_pkg::*;
#(
    parameter int CODE_WORDS = 4096,
    parameter int BUG_LANE = 5
) (
    input wire logic clk,
    input wire logic rst,

    // Backdoor loading while the warp is not running: ld_sel 0 = code word ld_addr,
    // 1 = vector register ld_addr lane ld_lane, 2 = uniform register ld_addr, 3 = EXEC.
    input wire logic        ld_we,
    input wire logic [ 1:0] ld_sel,
    input wire logic [11:0] ld_addr,
    input wire logic [ 4:0] ld_lane,
    input wire logic [31:0] ld_data,

    input wire logic [31:0] code_size,  // bytes
    input wire logic [ 7:0] vgprs,      // allocated vector registers (1..128)
    input wire logic [31:0] start_pc,
    input wire logic        start,      // begin at start_pc

    output logic running,
    output logic exited,
    output logic trapped,

    output logic          rvfi_valid,
    output logic [  63:0] rvfi_order,
    output logic [  31:0] rvfi_pc_rdata,
    output logic [  31:0] rvfi_pc_wdata,
    output logic [  31:0] rvfi_insn,
    output logic [  31:0] rvfi_exec_rdata,
    output logic [  31:0] rvfi_exec_wdata,
    output logic          rvfi_trap,
    output logic [   3:0] rvfi_cause,
    output logic [   1:0] rvfi_rd_file,
    output logic [   6:0] rvfi_rd_addr,
    output logic [1023:0] rvfi_rd_wdata,
    output logic [  31:0] rvfi_rd_wmask
);

  // ------------------------------------------------------------------ state
  logic [31:0] code[0:CODE_WORDS-1];
  logic [31:0] vrf[0:128*32-1];  // register r, lane l at r*32 + l
  logic [31:0] urf[0:63];
  logic [31:0] exec_mask;
  logic [31:0] pc;
  logic [31:0] insn;
  logic [ 1:0] phase;  // 0 fetch, 1 execute
  logic [ 7:0] wait_cycles;

  // ------------------------------------------------------------------ decode
  localparam int CLS_NONE = 0, CLS_VALU = 1, CLS_VCMP = 2, CLS_UALU = 3, CLS_EXEC = 4,
      CLS_BRANCH = 5;
  localparam int OP_ADD = 0, OP_SUB = 1, OP_AND = 2, OP_OR = 3, OP_XOR = 4, OP_SLL = 5,
      OP_SRL = 6, OP_SRA = 7, OP_MUL = 8, OP_PASS_A = 9, OP_PASS_B = 10, OP_LANE = 11,
      OP_MBCNT = 12, OP_CNDMASK = 13;
  localparam int CMP_EQ = 0, CMP_NE = 1, CMP_LT = 2, CMP_GE = 3, CMP_LTU = 4, CMP_GEU = 5,
      CMP_GT = 6, CMP_GTU = 7;
  localparam int B_VREG = 0, B_UREG = 1, B_IMM = 2;
  localparam int EX_GET = 0, EX_SET = 1, EX_AND = 2, EX_OR = 3, EX_ANDN1 = 4, EX_ANDN2 = 5,
      EX_MOV = 6;
  localparam int BR_ALWAYS = 0, BR_EXECZ = 1, BR_EXECNZ = 2, BR_UZ = 3, BR_UNZ = 4;
  localparam int U_ADD = 0, U_ADDI = 1, U_MOVI = 2, U_MOV = 3, U_NOT = 4, U_CPOP = 5;

  int cls, op, bsrc, lat;
  logic [6:0] rd, rs1, rs2;
  logic [31:0] imm;
  logic v_rd, v_rs1, v_rs2;  // which slots name vector registers (checked against vgprs)

  function automatic logic [31:0] sext(input logic [31:0] v, input int width);
    sext = $unsigned($signed(v << (32 - width)) >>> (32 - width));
  endfunction

  // Fields of format F.
`define FLD(F, N) (insn >> FMT_``F``_``N``_LO) & ((32'd1 << FMT_``F``_``N``_WIDTH) - 1)
`define IMM(F) sext(`FLD(F, IMM), FMT_``F``_IMM_WIDTH)
  // One variant: match, class, operation, latency.
`define IS(X) ((insn & MASK_``X) == MATCH_``X)
`define V(X, FIELDS, OP, B) \
    else if (`IS(X)) begin \
      cls = CLS_VALU; op = OP; bsrc = B; lat = LATENCY_``X; FIELDS \
    end
`define CMP(X, FIELDS, OP, B) \
    else if (`IS(X)) begin \
      cls = CLS_VCMP; op = OP; bsrc = B; lat = LATENCY_``X; FIELDS \
    end

  // Field extraction per format (rd, rs1, rs2, imm and which of them are vector registers).
`define fields_R   begin rd = `FLD(R, RD); rs1 = `FLD(R, RS1); rs2 = `FLD(R, RS2); \
                         v_rd = 1; v_rs1 = 1; v_rs2 = 1; end
`define fields_RU  begin rd = `FLD(RU, RD); rs1 = `FLD(RU, RS1); rs2 = `FLD(RU, RS2); \
                         v_rd = 1; v_rs1 = 1; end
`define fields_I8  begin rd = `FLD(I8, RD); rs1 = `FLD(I8, RS1); imm = `IMM(I8); \
                         v_rd = 1; v_rs1 = 1; end
`define fields_R1  begin rd = `FLD(R1, RD); rs1 = `FLD(R1, RS1); v_rd = 1; v_rs1 = 1; end
`define fields_R1D begin rd = `FLD(R1, RD); v_rd = 1; end
`define fields_R1U begin rd = `FLD(R1U, RD); rs2 = `FLD(R1U, RS1); v_rd = 1; end
`define fields_LI  begin rd = `FLD(LI, RD); imm = `IMM(LI); v_rd = 1; end
`define fields_C   begin rd = `FLD(C, RD); rs1 = `FLD(C, RS1); rs2 = `FLD(C, RS2); \
                         v_rs1 = 1; v_rs2 = 1; end
`define fields_CU  begin rd = `FLD(CU, RD); rs1 = `FLD(CU, RS1); rs2 = `FLD(CU, RS2); \
                         v_rs1 = 1; end
`define fields_CI  begin rd = `FLD(CI, RD); rs1 = `FLD(CI, RS1); imm = `IMM(CI); v_rs1 = 1; end

  always_comb begin
    cls = CLS_NONE;
    op = 0;
    bsrc = B_VREG;
    lat = 1;
    rd = 0;
    rs1 = 0;
    rs2 = 0;
    imm = 0;
    v_rd = 0;
    v_rs1 = 0;
    v_rs2 = 0;
    if (1'b0);
    // Vector ALU: R (two vector sources), RU (vector, uniform), I8 (vector, immediate).
    `V(ADD, `fields_R, OP_ADD, B_VREG)
    `V(SUB, `fields_R, OP_SUB, B_VREG)
    `V(AND, `fields_R, OP_AND, B_VREG)
    `V(OR, `fields_R, OP_OR, B_VREG)
    `V(XOR, `fields_R, OP_XOR, B_VREG)
    `V(SLL, `fields_R, OP_SLL, B_VREG)
    `V(SRL, `fields_R, OP_SRL, B_VREG)
    `V(SRA, `fields_R, OP_SRA, B_VREG)
    `V(MUL, `fields_R, OP_MUL, B_VREG)
    `V(ADD_VU, `fields_RU, OP_ADD, B_UREG)
    `V(SUB_VU, `fields_RU, OP_SUB, B_UREG)
    `V(AND_VU, `fields_RU, OP_AND, B_UREG)
    `V(OR_VU, `fields_RU, OP_OR, B_UREG)
    `V(XOR_VU, `fields_RU, OP_XOR, B_UREG)
    `V(MUL_VU, `fields_RU, OP_MUL, B_UREG)
    `V(ADD_VI, `fields_I8, OP_ADD, B_IMM)
    `V(AND_VI, `fields_I8, OP_AND, B_IMM)
    `V(OR_VI, `fields_I8, OP_OR, B_IMM)
    `V(XOR_VI, `fields_I8, OP_XOR, B_IMM)
    `V(SLL_VI, `fields_I8, OP_SLL, B_IMM)
    `V(SRL_VI, `fields_I8, OP_SRL, B_IMM)
    `V(MUL_VI, `fields_I8, OP_MUL, B_IMM)
    `V(MBCNT, `fields_RU, OP_MBCNT, B_UREG)
    `V(CNDMASK, `fields_RU, OP_CNDMASK, B_UREG)
    `V(MOV, `fields_R1, OP_PASS_A, B_VREG)
    `V(LANEID, `fields_R1D, OP_LANE, B_VREG)
    `V(MOV_VU, `fields_R1U, OP_PASS_B, B_UREG)
    `V(MOVI, `fields_LI, OP_PASS_B, B_IMM)
    // Compares into a uniform lane mask.
    `CMP(CMP_EQ_I32, `fields_C, CMP_EQ, B_VREG)
    `CMP(CMP_NE_I32, `fields_C, CMP_NE, B_VREG)
    `CMP(CMP_LT_I32, `fields_C, CMP_LT, B_VREG)
    `CMP(CMP_GE_I32, `fields_C, CMP_GE, B_VREG)
    `CMP(CMP_LT_U32, `fields_C, CMP_LTU, B_VREG)
    `CMP(CMP_GE_U32, `fields_C, CMP_GEU, B_VREG)
    `CMP(CMP_EQ_I32_VU, `fields_CU, CMP_EQ, B_UREG)
    `CMP(CMP_LT_I32_VU, `fields_CU, CMP_LT, B_UREG)
    `CMP(CMP_EQ_I32_VI, `fields_CI, CMP_EQ, B_IMM)
    `CMP(CMP_NE_I32_VI, `fields_CI, CMP_NE, B_IMM)
    `CMP(CMP_LT_I32_VI, `fields_CI, CMP_LT, B_IMM)
    `CMP(CMP_GE_I32_VI, `fields_CI, CMP_GE, B_IMM)
    `CMP(CMP_GT_I32_VI, `fields_CI, CMP_GT, B_IMM)
    `CMP(CMP_LT_U32_VI, `fields_CI, CMP_LTU, B_IMM)
    `CMP(CMP_GE_U32_VI, `fields_CI, CMP_GEU, B_IMM)
    `CMP(CMP_GT_U32_VI, `fields_CI, CMP_GTU, B_IMM)
    // Uniform ALU.
    else if (`IS(UADD)) begin
      cls = CLS_UALU; op = U_ADD; lat = LATENCY_UADD;
      rd = `FLD(UR, RD); rs1 = `FLD(UR, RS1); rs2 = `FLD(UR, RS2);
    end else if (`IS(UADDI)) begin
      cls = CLS_UALU; op = U_ADDI; lat = LATENCY_UADDI;
      rd = `FLD(UI, RD); rs1 = `FLD(UI, RS1); imm = `IMM(UI);
    end else if (`IS(UMOVI)) begin
      cls = CLS_UALU; op = U_MOVI; lat = LATENCY_UMOVI;
      rd = `FLD(ULI, RD); imm = `IMM(ULI);
    end else if (`IS(UMOV)) begin
      cls = CLS_UALU; op = U_MOV; lat = LATENCY_UMOV;
      rd = `FLD(U1, RD); rs1 = `FLD(U1, RS1);
    end else if (`IS(UNOT)) begin
      cls = CLS_UALU; op = U_NOT; lat = LATENCY_UNOT;
      rd = `FLD(U1, RD); rs1 = `FLD(U1, RS1);
    end else if (`IS(UCPOP)) begin
      cls = CLS_UALU; op = U_CPOP; lat = LATENCY_UCPOP;
      rd = `FLD(U1, RD); rs1 = `FLD(U1, RS1);
    end
    // EXEC control (U1): U[rd] = old EXEC where the variant has rd.
    else if (`IS(EXEC_GET)) begin
      cls = CLS_EXEC; op = EX_GET; lat = LATENCY_EXEC_GET; rd = `FLD(U1, RD);
    end else if (`IS(EXEC_SET)) begin
      cls = CLS_EXEC; op = EX_SET; lat = LATENCY_EXEC_SET; rs1 = `FLD(U1, RS1);
    end else if (`IS(SAVEEXEC_AND)) begin
      cls = CLS_EXEC; op = EX_AND; lat = LATENCY_SAVEEXEC_AND;
      rd = `FLD(U1, RD); rs1 = `FLD(U1, RS1);
    end else if (`IS(SAVEEXEC_OR)) begin
      cls = CLS_EXEC; op = EX_OR; lat = LATENCY_SAVEEXEC_OR;
      rd = `FLD(U1, RD); rs1 = `FLD(U1, RS1);
    end else if (`IS(SAVEEXEC_ANDN1)) begin
      cls = CLS_EXEC; op = EX_ANDN1; lat = LATENCY_SAVEEXEC_ANDN1;
      rd = `FLD(U1, RD); rs1 = `FLD(U1, RS1);
    end else if (`IS(SAVEEXEC_ANDN2)) begin
      cls = CLS_EXEC; op = EX_ANDN2; lat = LATENCY_SAVEEXEC_ANDN2;
      rd = `FLD(U1, RD); rs1 = `FLD(U1, RS1);
    end else if (`IS(SAVEEXEC_MOV)) begin
      cls = CLS_EXEC; op = EX_MOV; lat = LATENCY_SAVEEXEC_MOV;
      rd = `FLD(U1, RD); rs1 = `FLD(U1, RS1);
    end
    // Branches: PC-relative byte offsets.
    else if (`IS(JMP)) begin
      cls = CLS_BRANCH; op = BR_ALWAYS; lat = LATENCY_JMP; imm = `IMM(J);
    end else if (`IS(BEXECZ)) begin
      cls = CLS_BRANCH; op = BR_EXECZ; lat = LATENCY_BEXECZ; imm = `IMM(J);
    end else if (`IS(BEXECNZ)) begin
      cls = CLS_BRANCH; op = BR_EXECNZ; lat = LATENCY_BEXECNZ; imm = `IMM(J);
    end else if (`IS(BZ)) begin
      cls = CLS_BRANCH; op = BR_UZ; lat = LATENCY_BZ; rs1 = `FLD(B, RS1); imm = `IMM(B);
    end else if (`IS(BNZ)) begin
      cls = CLS_BRANCH; op = BR_UNZ; lat = LATENCY_BNZ; rs1 = `FLD(B, RS1); imm = `IMM(B);
    end
  end

  // ------------------------------------------------------------------ lanes
  function automatic logic [31:0] lane_add(input logic [31:0] a, input logic [31:0] b,
                                           input int lane);
`ifdef WK_BUG_LANE_CARRY
    if (lane == BUG_LANE) return {a[31:16] + b[31:16], a[15:0] + b[15:0]};
`endif
    return a + b;
  endfunction

  function automatic logic [31:0] popcount(input logic [31:0] x);
    popcount = 0;
    for (int i = 0; i < 32; i++) popcount = popcount + x[i];
  endfunction

  // One lane: a = vector source, b = second source, d = the destination's old value.
  function automatic logic [31:0] alu(input int op, input logic [31:0] a, input logic [31:0] b,
                                      input logic [31:0] d, input int lane);
    case (op)
      OP_ADD: alu = lane_add(a, b, lane);
      OP_SUB: alu = a - b;
      OP_AND: alu = a & b;
      OP_OR: alu = a | b;
      OP_XOR: alu = a ^ b;
      OP_SLL: alu = a << b[4:0];
      OP_SRL: alu = a >> b[4:0];
      OP_SRA: alu = $unsigned($signed(a) >>> b[4:0]);
      OP_MUL: alu = a * b;
      OP_PASS_A: alu = a;
      OP_PASS_B: alu = b;
      OP_LANE: alu = lane;
      OP_MBCNT: alu = a + popcount(b & ((32'd1 << lane) - 1));
      OP_CNDMASK: alu = b[lane] ? a : d;
      default: alu = 0;
    endcase
  endfunction

  function automatic logic compare(input int op, input logic [31:0] a, input logic [31:0] b);
    case (op)
      CMP_EQ: compare = a == b;
      CMP_NE: compare = a != b;
      CMP_LT: compare = $signed(a) < $signed(b);
      CMP_GE: compare = $signed(a) >= $signed(b);
      CMP_LTU: compare = a < b;
      CMP_GEU: compare = a >= b;
      CMP_GT: compare = $signed(a) > $signed(b);
      CMP_GTU: compare = a > b;
      default: compare = 0;
    endcase
  endfunction

  // ------------------------------------------------------------------ sequencing
  wire bad_vreg = (v_rd && rd >= vgprs) || (v_rs1 && rs1 >= vgprs) || (v_rs2 && rs2 >= vgprs);

  task automatic retire_trap(input logic [3:0] cause, input logic [31:0] word);
    rvfi_valid <= 1;
    rvfi_trap <= 1;
    rvfi_cause <= cause;
    rvfi_insn <= word;
    rvfi_pc_rdata <= pc;
    rvfi_pc_wdata <= pc;
    rvfi_exec_rdata <= exec_mask;
    rvfi_exec_wdata <= exec_mask;
    rvfi_rd_file <= 0;
    rvfi_rd_wmask <= 0;
    running <= 0;
    trapped <= 1;
  endtask

  always_ff @(posedge clk) begin
    logic [31:0] a, b, d, r, m, e, ub, next_pc;
    logic [1023:0] wdata;
    logic taken;
    rvfi_valid <= 0;
    if (rst) begin
      // Registers start at 0, as warpkit's default warp state; the testbench loads the rest.
      for (int i = 0; i < 128 * 32; i++) vrf[i] <= 0;
      for (int i = 0; i < 64; i++) urf[i] <= 0;
      exec_mask <= '1;
      rvfi_rd_wdata <= 0;
      running <= 0;
      exited <= 0;
      trapped <= 0;
      phase <= 0;
      rvfi_order <= 0;
    end else if (!running) begin
      if (ld_we) begin
        case (ld_sel)
          0: code[ld_addr] <= ld_data;
          1: vrf[{ld_addr[6:0], ld_lane}] <= ld_data;
          2: urf[ld_addr[5:0]] <= ld_data;
          default: exec_mask <= ld_data;
        endcase
      end
      if (start) begin
        pc <= start_pc;
        running <= 1;
        exited <= 0;
        trapped <= 0;
        phase <= 0;
        rvfi_order <= 0;
      end
    end else if (phase == 0) begin
      // Fetch.
      if (pc == code_size) begin
        running <= 0;
        exited <= 1;
      end else if (pc > code_size || pc[1:0] != 0 || (code[pc[31:2]][0] && pc + 8 > code_size))
        retire_trap(2, 0);
      else begin
        insn <= code[pc[31:2]];
        phase <= 1;
        wait_cycles <= 0;
      end
    end else if (wait_cycles + 1 < lat) begin
      // The variant's latency from the package: retire after LATENCY_X cycles.
      wait_cycles <= wait_cycles + 1;
    end else begin
      phase <= 0;
      if (cls == CLS_NONE || bad_vreg) retire_trap(1, insn);
      else begin
        next_pc = pc + 4;
        e = exec_mask;
        wdata = 0;
        rvfi_rd_file <= 0;
        rvfi_rd_addr <= 0;
        rvfi_rd_wmask <= 0;
        ub = (bsrc == B_UREG) ? urf[rs2[5:0]] : imm;
        case (cls)
          CLS_VALU: begin
            for (int l = 0; l < 32; l++) begin
              a = vrf[{rs1, l[4:0]}];
              b = (bsrc == B_VREG) ? vrf[{rs2, l[4:0]}] : ub;
              d = vrf[{rd, l[4:0]}];
              r = exec_mask[l] ? alu(op, a, b, d, l) : d;
              if (exec_mask[l]) vrf[{rd, l[4:0]}] <= r;
              wdata[l*32+:32] = r;
            end
            rvfi_rd_file <= 1;
            rvfi_rd_addr <= rd;
            rvfi_rd_wmask <= exec_mask;
          end
          CLS_VCMP: begin
            m = 0;
            for (int l = 0; l < 32; l++) begin
              a = vrf[{rs1, l[4:0]}];
              b = (bsrc == B_VREG) ? vrf[{rs2, l[4:0]}] : ub;
              m[l] = exec_mask[l] && compare(op, a, b);
            end
            urf[rd[5:0]] <= m;
            wdata[31:0] = m;
            rvfi_rd_file <= 2;
            rvfi_rd_addr <= rd;
            rvfi_rd_wmask <= 1;
          end
          CLS_UALU: begin
            case (op)
              U_ADD: r = urf[rs1[5:0]] + urf[rs2[5:0]];
              U_ADDI: r = urf[rs1[5:0]] + imm;
              U_MOVI: r = imm;
              U_NOT: r = ~urf[rs1[5:0]];
              U_CPOP: r = popcount(urf[rs1[5:0]]);
              default: r = urf[rs1[5:0]];
            endcase
            urf[rd[5:0]] <= r;
            wdata[31:0] = r;
            rvfi_rd_file <= 2;
            rvfi_rd_addr <= rd;
            rvfi_rd_wmask <= 1;
          end
          CLS_EXEC: begin
            case (op)
              EX_SET: e = urf[rs1[5:0]];
              EX_AND: e = exec_mask & urf[rs1[5:0]];
              EX_OR: e = exec_mask | urf[rs1[5:0]];
              EX_ANDN1: e = urf[rs1[5:0]] & ~exec_mask;
              EX_ANDN2: e = exec_mask & ~urf[rs1[5:0]];
              EX_MOV: e = urf[rs1[5:0]];
              default: e = exec_mask;
            endcase
            exec_mask <= e;
            if (op != EX_SET) begin
              urf[rd[5:0]] <= exec_mask;
              wdata[31:0] = exec_mask;
              rvfi_rd_file <= 2;
              rvfi_rd_addr <= rd;
              rvfi_rd_wmask <= 1;
            end
          end
          default: begin  // CLS_BRANCH
            case (op)
              BR_ALWAYS: taken = 1;
              BR_EXECZ: taken = exec_mask == 0;
              BR_EXECNZ: taken = exec_mask != 0;
              BR_UZ: taken = urf[rs1[5:0]] == 0;
              default: taken = urf[rs1[5:0]] != 0;
            endcase
            if (taken) next_pc = pc + imm;
          end
        endcase
        pc <= next_pc;
        rvfi_valid <= 1;
        rvfi_trap <= 0;
        rvfi_cause <= 0;
        rvfi_insn <= insn;
        rvfi_pc_rdata <= pc;
        rvfi_pc_wdata <= next_pc;
        rvfi_exec_rdata <= exec_mask;
        rvfi_exec_wdata <= e;
        rvfi_rd_wdata <= wdata;
      end
      rvfi_order <= rvfi_order + 1;
    end
  end

endmodule

`default_nettype wire
