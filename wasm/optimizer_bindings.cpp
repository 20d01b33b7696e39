// The solution optimizer's JavaScript face (core/optimizer.h), beside the
// solver's in bindings.cpp: a level as text, any solution as LURD text, and
// options {metric: 'pushes'|'moves', timeLimitSeconds, memoryBudgetBytes,
// maxNodes, otherSolutions: [LURD, ...]}; stepped like Solver. The worker checks the metric's name
// before it gets here ('moves' picks moves then pushes, anything else
// pushes then moves).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <string>

#include "optimizer.h"
#include "search_run.h"

using emscripten::val;

namespace {

using namespace soko;
using namespace soko::js;

class JsOptimizer : public JsRunner {
 public:
  JsOptimizer(const std::string& levelText, const std::string& solution, const val& jsOptions) {
    const JsSolverOptions o = JsSolverOptions::from(jsOptions);
    OneLevel one = readOneLevel(levelText);
    if (!one.level) {
      refuse(one.error);
      return;
    }
    OptimizerOptions options;
    const val metric =
        jsOptions.isUndefined() || jsOptions.isNull() ? val::undefined() : jsOptions["metric"];
    if (metric.typeOf().as<std::string>() == "string" && metric.as<std::string>() == "moves")
      options.metric = OptimizeMetric::Moves;
    options.timeLimitSeconds = o.timeLimitSeconds;
    options.memoryBudgetBytes = budgetBytes(o);
    options.maxNodes = nodeLimit(o);
    const val others = jsOptions.isUndefined() || jsOptions.isNull() ? val::undefined()
                                                                     : jsOptions["otherSolutions"];
    if (val::global("Array").call<bool>("isArray", others)) {
      const int n = others["length"].as<int>();
      for (int i = 0; i < n; ++i)
        if (others[i].typeOf().as<std::string>() == "string")
          options.otherSolutions.push_back(others[i].as<std::string>());
    }
    start([&] {
      auto made = std::make_unique<Optimizer>(*one.level, solution, options);
      optimizer_ = made.get();
      return made;
    });
  }
  // The solution given: its counts, and why it was refused ("" if valid).
  int inputMoves() const { return optimizer_ ? optimizer_->inputMoves() : 0; }
  int inputPushes() const { return optimizer_ ? optimizer_->inputPushes() : 0; }
  std::string inputError() const { return optimizer_ ? optimizer_->inputError() : ""; }
  // The best so far while it runs: {lurd, moves, pushes}.
  val best() const {
    val o = val::object();
    o.set("lurd", optimizer_ ? optimizer_->bestSoFar() : "");
    o.set("moves", optimizer_ ? optimizer_->bestMovesSoFar() : 0);
    o.set("pushes", optimizer_ ? optimizer_->bestPushesSoFar() : 0);
    return o;
  }
  // "optimal", "fewest pushes", "fewest moves" or "no".
  std::string proven() const {
    return optimizer_ ? provenName(optimizer_->proven(), optimizer_->metric()) : "no";
  }

 private:
  const Optimizer* optimizer_ = nullptr;  // owned by JsRunner
};

}  // namespace

EMSCRIPTEN_BINDINGS(soko_optimizer) {
  using namespace emscripten;
  class_<JsOptimizer, base<JsRunner>>("Optimizer")
      .constructor<std::string, std::string, val>()
      .function("inputMoves", &JsOptimizer::inputMoves)
      .function("inputPushes", &JsOptimizer::inputPushes)
      .function("inputError", &JsOptimizer::inputError)
      .function("best", &JsOptimizer::best)
      .function("proven", &JsOptimizer::proven);
}
