import type { ComponentPropsWithoutRef, ReactElement } from 'react'
import { cn } from '#app/utils/cn.ts'
// no-inline: a data: URL would do, as far as Vite is concerned, but browsers refuse one in <use href>.
import spriteUrl from './icons.svg?url&no-inline'

/*
 * The app's icons: lucide's drawings in one sprite (icons.svg), which the browser downloads once
 * from /assets/ (fingerprinted, cached for a year), each drawn with <use>. A page carries a short
 * reference per icon instead of its SVG tree (feed HTML: 100 icons, 46 KB before, issue #13).
 * Size and stroke come from the `.icon` class (app/styles/tailwind.css); a size class such as
 * `size-4` on the icon or its parent overrides the default 24px, as with lucide-react.
 *
 * To add an icon: add a line below with lucide's name for it (a file in
 * lucide-react/dist/esm/icons), run `node scripts/build-icon-sprite.mjs`, commit icons.svg.
 */

export type IconProps = Omit<ComponentPropsWithoutRef<'svg'>, 'children'>

/**
 * Icons drawn by CSS for what a page repeats per card: `maskIcon('map-pin')` is a class for the
 * element that holds the text, whose ::before is the icon (1rem, currentColor; app/styles/icon-masks.css,
 * generated with the sprite). Decorative only: a pseudo-element has no name. A `-filled` name is
 * the same icon filled in (the save toggle's "saved" state).
 */
type MaskIconName = 'map-pin' | 'calendar-days' | 'sparkles' | 'bookmark' | 'bookmark-filled'
export const maskIcon = (name: MaskIconName) => `mask-icon mask-icon-${name}`

/** An icon component (what lucide-react calls `Icon`). */
export type Icon = {
	(props: IconProps): ReactElement
	/** Its symbol's id in icons.svg. */
	readonly symbol: string
}

function spriteIcon(symbol: string): Icon {
	function SpriteIcon({ className, ...props }: IconProps) {
		// Decorative unless named: then it is an image, as lucide-react treats it. (No focusable="false":
		// only Internet Explorer and the old Edge put SVGs in the tab order, and neither runs this app.)
		const named = props['aria-label'] != null || props['aria-labelledby'] != null
		return (
			<svg aria-hidden={named ? undefined : true} role={named ? 'img' : undefined} className={cn('icon', className)} {...props}>
				<use href={`${spriteUrl}#${symbol}`} />
			</svg>
		)
	}
	return Object.assign(SpriteIcon, { symbol })
}

export const ArrowDown = spriteIcon('arrow-down')
export const ArrowLeft = spriteIcon('arrow-left')
export const ArrowRight = spriteIcon('arrow-right')
export const ArrowUp = spriteIcon('arrow-up')
export const BookmarkPlus = spriteIcon('bookmark-plus')
export const Building2 = spriteIcon('building-2')
export const CalendarClock = spriteIcon('calendar-clock')
export const CalendarDays = spriteIcon('calendar-days')
export const CalendarPlus = spriteIcon('calendar-plus')
export const Check = spriteIcon('check')
export const ChevronDown = spriteIcon('chevron-down')
export const ChevronLeft = spriteIcon('chevron-left')
export const ChevronRight = spriteIcon('chevron-right')
export const CircleAlert = spriteIcon('circle-alert')
export const CircleCheck = spriteIcon('circle-check')
export const CircleDot = spriteIcon('circle-dot')
export const CircleX = spriteIcon('circle-x')
export const Compass = spriteIcon('compass')
export const Copy = spriteIcon('copy')
export const Download = spriteIcon('download')
export const ExternalLink = spriteIcon('external-link')
export const FileDown = spriteIcon('file-down')
export const FileText = spriteIcon('file-text')
export const GripVertical = spriteIcon('grip-vertical')
export const Inbox = spriteIcon('inbox')
export const Info = spriteIcon('info')
export const KeyRound = spriteIcon('key-round')
export const LayoutDashboard = spriteIcon('layout-dashboard')
export const LayoutGrid = spriteIcon('layout-grid')
export const LinkIcon = spriteIcon('link')
export const ListChecks = spriteIcon('list-checks')
export const ListOrdered = spriteIcon('list-ordered')
export const LoaderCircle = spriteIcon('loader-circle')
export const Mail = spriteIcon('mail')
export const MailCheck = spriteIcon('mail-check')
export const MapPin = spriteIcon('map-pin')
export const Menu = spriteIcon('menu')
export const MessageSquarePlus = spriteIcon('message-square-plus')
export const Palette = spriteIcon('palette')
export const PanelLeftClose = spriteIcon('panel-left-close')
export const PanelLeftOpen = spriteIcon('panel-left-open')
export const Pencil = spriteIcon('pencil')
export const Plus = spriteIcon('plus')
export const RefreshCw = spriteIcon('refresh-cw')
export const Save = spriteIcon('save')
export const Search = spriteIcon('search')
export const SearchX = spriteIcon('search-x')
export const ShieldCheck = spriteIcon('shield-check')
export const ShieldX = spriteIcon('shield-x')
export const SlidersHorizontal = spriteIcon('sliders-horizontal')
export const Sparkles = spriteIcon('sparkles')
export const Timer = spriteIcon('timer')
export const Trash2 = spriteIcon('trash-2')
export const Redo2 = spriteIcon('redo-2')
export const Undo2 = spriteIcon('undo-2')
export const UserRound = spriteIcon('user-round')
export const Users = spriteIcon('users')
export const Wand2 = spriteIcon('wand-2')
export const X = spriteIcon('x')

// lucide-react's older names for the same drawings, still used by some screens.
export const AlertCircle = CircleAlert
export const CheckCircle2 = CircleCheck
