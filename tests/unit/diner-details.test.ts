// The diner's name and phone kept on the device (docs/decisions/0062): per restaurant, parsed on the way back (a
// broken or hostile value is no details), both empty keeps nothing, and forgetting removes them.
import { afterEach, describe, expect, it } from "vitest";
import { detailsKey, forgetDetails, keepDetails, readDetails } from "../../app/lib/diner-details";

afterEach(() => localStorage.clear());

describe("the diner's kept details", () => {
  it("are kept as typed (trimmed) for one restaurant, and read back for it only", () => {
    expect(readDetails("saffron")).toBeNull();
    expect(keepDetails("saffron", { name: " Omar ", phone: " 050 123 4567 " })).toEqual({ name: "Omar", phone: "050 123 4567" });
    expect(readDetails("saffron")).toEqual({ name: "Omar", phone: "050 123 4567" });
    expect(readDetails("grill-house")).toBeNull();
  });

  it("keep nothing new when both fields are empty, and the newest otherwise", () => {
    keepDetails("saffron", { name: "Omar", phone: "0501234567" });
    expect(keepDetails("saffron", { name: " ", phone: "" })).toEqual({ name: "Omar", phone: "0501234567" });
    expect(keepDetails("saffron", { name: "Sara", phone: "6555 1234" })).toEqual({ name: "Sara", phone: "6555 1234" });
    expect(readDetails("saffron")).toEqual({ name: "Sara", phone: "6555 1234" });
  });

  it("read a broken, oversized or foreign value as none", () => {
    for (const raw of ["not json", "[]", '{"name":1,"phone":"0501234567"}', JSON.stringify({ name: "x".repeat(101), phone: "1" }), '{"name":"","phone":""}']) {
      localStorage.setItem(detailsKey("saffron"), raw);
      expect(readDetails("saffron"), raw).toBeNull();
    }
  });

  it("are gone once forgotten", () => {
    keepDetails("saffron", { name: "Omar", phone: "0501234567" });
    keepDetails("grill-house", { name: "Omar", phone: "0501234567" });
    forgetDetails("saffron");
    expect(readDetails("saffron")).toBeNull();
    expect(localStorage.getItem(detailsKey("saffron"))).toBeNull();
    expect(readDetails("grill-house")).not.toBeNull();
  });
});
