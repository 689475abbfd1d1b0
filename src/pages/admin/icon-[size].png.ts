import type { APIRoute, GetStaticPaths } from "astro";
import { DESK_ICON_SIZES, type DeskIconSize, deskIconPng } from "@/server/pwa/desk-app";

/** The installable desk's icons, drawn at build time. */
export const getStaticPaths = (() => DESK_ICON_SIZES.map((size) => ({ params: { size: String(size) }, props: { size } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ size: DeskIconSize }> = ({ props }) => new Response(deskIconPng(props.size), { headers: { "Content-Type": "image/png" } });
